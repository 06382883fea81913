import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cashAuthorizations, users } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { ProviderCalledInTransaction, runProviderStep } from '../payments/provider-step';
import { JOB_HANDLERS } from '../register-jobs';
import { DECLINED_CARD, GOOD_CARD, settleCashNow } from '../trades/protection-holds.int-helpers';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';
import type { CashAuthorizationResult, PayoutResult } from '../payments/money-provider';
import { replaceMoneyProvider } from '../payments/payment-providers';
import { SandboxMoneyProvider } from '../payments/sandbox/sandbox-money-provider';
import { InMemorySandboxPaymentStore } from '../payments/sandbox/sandbox-payment-store';
import { payPayout } from './pay-payout';
import { insertRequestedPayout } from './payouts.repository';

/** A provider call held open until the test lets it answer. */
class Gate {
  #enter!: () => void;
  #open!: () => void;
  readonly entered = new Promise<void>((resolve) => (this.#enter = resolve));
  readonly opened = new Promise<void>((resolve) => (this.#open = resolve));
  async pass() {
    this.#enter();
    await this.opened;
  }
  open() {
    this.#open();
  }
}

type CashMethod = 'authorize' | 'capture' | 'release';

/** The sandbox money provider whose next card-hold call of a method hangs like a slow network until its gate opens. */
class SlowCardHolds extends SandboxMoneyProvider {
  readonly gates = new Map<CashMethod, Gate>();
  hold(method: CashMethod): Gate {
    const gate = new Gate();
    this.gates.set(method, gate);
    return gate;
  }
  async #maybeWait(method: CashMethod) {
    const gate = this.gates.get(method);
    if (!gate) return;
    this.gates.delete(method);
    await gate.pass();
  }
  override async authorize(input: { amountCents: number; paymentMethod: string }, key: string): Promise<CashAuthorizationResult> {
    await this.#maybeWait('authorize');
    return super.authorize(input, key);
  }
  override async capture(): Promise<void> {
    await this.#maybeWait('capture');
  }
  override async release(): Promise<void> {
    await this.#maybeWait('release');
  }
}

/**
 * Each money provider call, held open, while the member it concerns writes to their own row: the
 * write must be answered before the provider is. On PGlite, which runs one transaction at a time,
 * that proves no transaction is open across the call; on PostgreSQL, that no lock is held on the
 * member. The trade cash, protection hold and payout calls all go through the provider-step runner
 * (payments/provider-step.ts), which also refuses a call made inside a transaction.
 */
describe('money provider calls hold no database transaction', () => {
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  afterEach(() => replaceMoneyProvider(testApp().ctx.env, null));

  const db = () => testApp().ctx.db;
  const slowCash = () => {
    const provider = new SlowCardHolds({ store: new InMemorySandboxPaymentStore(), now: testApp().ctx.now });
    replaceMoneyProvider(testApp().ctx.env, () => provider);
    return provider;
  };
  const authorizationsOf = async (tradeId: number) =>
    (await db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id)).map(
      (a) => `${a.purpose}:${a.status}`,
    );
  const bioOf = async (id: string) => (await db().select({ bio: users.bio }).from(users).where(eq(users.id, id)))[0]!.bio;

  /**
   * While `gate`'s call hangs, `member` edits their profile. Answered while the provider still hangs,
   * or the provider is let go after a while so the test fails on the order instead of hanging.
   */
  async function editWhileProviderHangs(member: TestClient & { user: { id: string } }, gate: Gate, bio: string) {
    await gate.entered;
    let providerLetGo = false;
    const fallback = setTimeout(() => {
      providerLetGo = true;
      gate.open();
    }, 5_000);
    const edit = await member.request('PATCH', '/api/auth/user', { bio });
    const answeredWhileProviderHung = !providerLetGo;
    clearTimeout(fallback);
    gate.open();
    expect(edit.status).toBe(200);
    expect(answeredWhileProviderHung).toBe(true);
    expect(await bioOf(member.user.id)).toBe(bio);
  }

  /** Two members new to trading (each owes a protection hold), Alice proposing $25 on her card. */
  async function proposed() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const made = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2500, cashCard: GOOD_CARD });
    expect(made.status).toBe(201);
    return { alice, bob, tradeId: made.body.id as number };
  }

  it('authorizes the trade cash and both protection holds while the payer and the accepter write', async () => {
    const { alice, bob, tradeId } = await proposed();
    const gate = slowCash().hold('authorize');
    const accepting = bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD });
    await editWhileProviderHangs(alice, gate, 'Alice while her card is authorized');
    expect((await accepting).status).toBe(200);
    expect(await authorizationsOf(tradeId)).toEqual(['trade_cash:authorized', 'protection_hold:authorized', 'protection_hold:authorized']);
  });

  it("releases the proposer's cash and hold when the accepter's card declines, while the proposer writes", async () => {
    const { alice, bob, tradeId } = await proposed();
    const gate = slowCash().hold('release');
    const accepting = bob.post(`/api/trades/${tradeId}/accept`, { cashCard: DECLINED_CARD });
    await editWhileProviderHangs(alice, gate, 'Alice while her hold is released');
    expect((await accepting).status).toBe(402);
    expect(await authorizationsOf(tradeId)).toEqual(['trade_cash:released', 'protection_hold:released', 'protection_hold:declined']);
  });

  it('captures the cash and releases the holds at completion while both members write', async () => {
    const { alice, bob, tradeId } = await proposed();
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    await chooseShipTos(tradeId, alice, bob);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    const slow = slowCash();
    const capture = slow.hold('capture');
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${tradeId}/receive`)).status).toBe(200);
    const settling = settleCashNow(testApp().ctx);
    await editWhileProviderHangs(bob, capture, 'Bob while the cash is captured');
    const release = slow.hold('release');
    await editWhileProviderHangs(alice, release, 'Alice while her hold is released');
    await settling;
    await settleCashNow(testApp().ctx);
    expect(await authorizationsOf(tradeId)).toEqual(['trade_cash:captured', 'protection_hold:released', 'protection_hold:released']);
  });

  it('captures a protection hold of a member who missed the ship deadline while that member writes', async () => {
    const { alice, bob, tradeId } = await proposed();
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + 30 * DAY_MS);
    const capture = slowCash().hold('capture');
    try {
      const sweeping = (async () => {
        await JOB_HANDLERS['trades.sweep-deadlines']!(ctx, {});
        await settleCashNow(ctx);
      })();
      await editWhileProviderHangs(bob, capture, 'Bob while his hold is captured');
      await sweeping;
      await settleCashNow(ctx);
    } finally {
      ctx.now = realNow;
    }
    expect(await authorizationsOf(tradeId)).toEqual(['trade_cash:released', 'protection_hold:released', 'protection_hold:captured']);
  });

  it('authorizes a lapsing hold again while its payer writes', async () => {
    const { alice, bob, tradeId } = await proposed();
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + 6 * DAY_MS + 1);
    const gate = slowCash().hold('authorize');
    try {
      const job = JOB_HANDLERS['trades.reauthorize-cash']!(ctx, {});
      await editWhileProviderHangs(alice, gate, 'Alice while her cash is authorized again');
      await job;
    } finally {
      ctx.now = realNow;
    }
    expect((await authorizationsOf(tradeId)).filter((a) => a.endsWith(':authorized'))).toHaveLength(3);
  });

  it('pays a payout while the member writes', async () => {
    const member = await memberWithSneakers(testApp(), 'payee', 0);
    const gate = new Gate();
    const slowPayouts = new (class extends SandboxMoneyProvider {
      override async findTransfer() {
        return null;
      }
      override async payout(): Promise<PayoutResult> {
        await gate.pass();
        return { providerRef: 'po_slow_1', status: 'paid', failureMessage: null };
      }
    })({ store: new InMemorySandboxPaymentStore() });
    replaceMoneyProvider(testApp().ctx.env, () => slowPayouts);
    const { ctx } = testApp();
    const requested = await ctx.db.transaction((tx) =>
      insertRequestedPayout(tx, {
        userId: member.user.id,
        amountCents: 1000,
        provider: 'sandbox',
        destination: null,
        requestKey: 'slow',
        at: ctx.now(),
      }),
    );
    const paying = payPayout(ctx, requested!, { justRequested: true });
    await editWhileProviderHangs(member, gate, 'Payee while the payout is paid');
    expect((await paying).status).toBe('paid');
  });

  it('refuses to call a provider inside a database transaction, and calls nothing', async () => {
    let called = false;
    const step = () =>
      runProviderStep({
        name: 'a provider call inside a transaction',
        intent: async () => 'intent',
        call: async () => {
          called = true;
        },
        apply: async () => 'applied',
      });
    await expect(db().transaction(() => step())).rejects.toBeInstanceOf(ProviderCalledInTransaction);
    expect(called).toBe(false);
    expect(await step()).toBe('applied');
    expect(called).toBe(true);
  });
});
