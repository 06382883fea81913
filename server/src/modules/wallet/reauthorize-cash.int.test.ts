import { DAY_MS, HOUR_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cashAuthorizations, ledgerEntries } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { chooseShipTos, shipBody, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import type { MoneyProvider } from '../payments/money-provider';
import { replaceMoneyProvider } from '../payments/payment-providers';
import { SandboxMoneyProvider } from '../payments/sandbox/sandbox-money-provider';
import { InMemorySandboxPaymentStore } from '../payments/sandbox/sandbox-payment-store';
import { moneyViolations } from '../trades/protection-holds.int-helpers';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };

/** The sandbox, except that authorizing answers what the test says (and counts the keys asked). */
function sandboxWithAuthorize(ctx: { now: () => Date }, authorize: MoneyProvider['authorize']): MoneyProvider & { keys: string[] } {
  const sandbox = new SandboxMoneyProvider({ store: new InMemorySandboxPaymentStore(), now: ctx.now });
  const keys: string[] = [];
  return Object.assign(sandbox, {
    keys,
    authorize: (input: Parameters<MoneyProvider['authorize']>[0], key: string) => {
      keys.push(key);
      return authorize(input, key);
    },
  });
}

describe('re-authorizing card holds before they lapse (decision 010)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  afterEach(() => replaceMoneyProvider(testApp().ctx.env, null));

  const db = () => testApp().ctx.db;
  const statusesOf = async (tradeId: number) =>
    (await db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id)).map((a) => a.status);

  /** Runs the job with the clock `ms` ahead, then puts the clock back. */
  async function runJobAfter(ms: number) {
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + ms);
    try {
      await JOB_HANDLERS['trades.reauthorize-cash']!(ctx, {});
    } finally {
      ctx.now = realNow;
    }
  }

  /** An accepted trade whose proposer's $25 is held on their card, both parcels shipped. */
  async function heldTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2500, cashCard: GOOD_CARD });
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    await chooseShipTos(proposed.body.id, alice, bob);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/ship`, shipBody())).status).toBe(200);
    return { alice, bob, tradeId: proposed.body.id as number };
  }

  async function receiveBoth(t: Awaited<ReturnType<typeof heldTrade>>) {
    for (const side of [t.alice, t.bob]) expect((await side.post(`/api/trades/${t.tradeId}/receive`)).status).toBe(200);
    await testApp().ctx.events.idle();
  }

  /** The money invariants, each capture judged by its trade's ending (protection-holds.int-helpers.ts). */
  const expectMoneySound = async () => expect(await moneyViolations(db())).toEqual([]);

  it('leaves a fresh hold alone, re-authorizes one 6 days old once, and captures the new hold at completion', async () => {
    const t = await heldTrade();
    await runJobAfter(5 * DAY_MS);
    expect(await statusesOf(t.tradeId)).toEqual(['authorized']);

    const { ctx } = testApp();
    const counting = sandboxWithAuthorize(ctx, (input, key) =>
      new SandboxMoneyProvider({ store: new InMemorySandboxPaymentStore(), now: ctx.now }).authorize(input, key),
    );
    replaceMoneyProvider(ctx.env, () => counting);
    await runJobAfter(6 * DAY_MS + HOUR_MS);
    await runJobAfter(6 * DAY_MS + 2 * HOUR_MS);
    expect(await statusesOf(t.tradeId)).toEqual(['released', 'authorized']);
    const [, renewed] = await db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, t.tradeId)).orderBy(cashAuthorizations.id);
    expect(counting.keys).toEqual([`soleswap-authorize-auth-${renewed!.id}`]);
    expect(renewed!.paymentMethod).toBe('pm_sandbox_ok_4242');

    await receiveBoth(t);
    expect(await statusesOf(t.tradeId)).toEqual(['released', 'captured']);
    expect((await t.bob.get('/api/wallet')).body.balanceCents).toBe(2500);
    const cashEvents = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, t.tradeId)).orderBy(ledgerEntries.id))
      .map((e) => e.event)
      .filter((e) => e.startsWith('cash_'));
    expect(cashEvents).toEqual(['cash_authorize', 'cash_release', 'cash_authorize', 'cash_capture']);
    await expectMoneySound();
  });

  it('lets the old hold expire when the card declines the re-authorization: the trade then carries no held cash', async () => {
    const t = await heldTrade();
    const { ctx } = testApp();
    const provider = sandboxWithAuthorize(ctx, async () => ({
      providerRef: 'pi_declined',
      status: 'declined',
      failureMessage: 'Your card was declined.',
    }));
    replaceMoneyProvider(ctx.env, () => provider);
    await runJobAfter(6 * DAY_MS + HOUR_MS);
    expect(await statusesOf(t.tradeId)).toEqual(['expired', 'declined']);
    await receiveBoth(t);
    expect((await t.bob.get('/api/wallet')).body.balanceCents).toBe(0);
    await expectMoneySound();
  });

  it('finishes a re-authorization the provider did not answer, or releases it when the trade completed meanwhile', async () => {
    const { ctx } = testApp();
    const t = await heldTrade();
    const provider = sandboxWithAuthorize(ctx, async () => {
      throw new Error('connect ETIMEDOUT');
    });
    replaceMoneyProvider(ctx.env, () => provider);
    await runJobAfter(6 * DAY_MS + HOUR_MS);
    expect(await statusesOf(t.tradeId)).toEqual(['authorized', 'requested']);

    // The trade completes before the provider is back: the hold still standing is the one captured.
    await receiveBoth(t);
    replaceMoneyProvider(ctx.env, null);
    await runJobAfter(6 * DAY_MS + 2 * HOUR_MS);
    expect(await statusesOf(t.tradeId)).toEqual(['captured', 'released']);
    expect((await t.bob.get('/api/wallet')).body.balanceCents).toBe(2500);
    await expectMoneySound();
  });
});
