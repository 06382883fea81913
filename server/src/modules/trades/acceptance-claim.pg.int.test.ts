import { eq } from 'drizzle-orm';
import type { CashCard } from '@soleswap/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations } from '../../db/schema/index';
import { TestClient } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import type { CashAuthorizationResult } from '../payments/money-provider';
import { replaceMoneyProvider } from '../payments/payment-providers';
import { SandboxMoneyProvider } from '../payments/sandbox/sandbox-money-provider';
import { InMemorySandboxPaymentStore } from '../payments/sandbox/sandbox-payment-store';
import { DECLINED_CARD, GOOD_CARD, moneyViolations, settleCashNow } from './protection-holds.int-helpers';
import { chooseShipTos, memberWithSneakers, proposal, TEST_ADDRESS, TRACKING } from './trades.int-helpers';

/** Bob's card for the acceptance that should win, and a second good card for one that fails on its address. */
const WINNING_CARD: CashCard = { ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' };
const OTHER_GOOD_CARD: CashCard = { ...GOOD_CARD, cardNumber: '4000 0566 5566 5556' };

/**
 * The sandbox, with a gate: the next authorization asked for on one payment method waits at the
 * provider until the test opens it, so the other acceptance runs while this one is in flight.
 */
class GatedSandbox extends SandboxMoneyProvider {
  #gate: { paymentMethod: string; reached: () => void; opened: Promise<void> } | null = null;

  /** Gates the next authorization on `card`; `reached` resolves once it waits, `open` lets it go on. */
  holdNext(card: CashCard): { reached: Promise<void>; open: () => void } {
    let reached!: () => void;
    let open!: () => void;
    const reachedGate = new Promise<void>((resolve) => (reached = resolve));
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.#gate = { paymentMethod: this.paymentMethodFor(card), reached, opened };
    return { reached: reachedGate, open };
  }

  constructor() {
    super({ store: new InMemorySandboxPaymentStore() });
  }

  override async authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    const gate = this.#gate;
    if (gate && gate.paymentMethod === input.paymentMethod) {
      this.#gate = null;
      gate.reached();
      await gate.opened;
    }
    return super.authorize(input, idempotencyKey);
  }
}

type Answer = { status: number; body: Record<string, unknown> };

/**
 * Issue #39: the receiver sends two acceptances of one trade at once, on two instances, and one of
 * them fails (a declined card, or an address that is not his). The one that fails must release
 * nothing the other accepts the trade with: the trade ends accepted with its cash and both holds
 * held (and completion pays the payee), or pending with nothing held, never accepted with nothing.
 */
describe('two acceptances of one trade at once, one failing, across two instances', () => {
  // Both members are new: each owes a $250 protection hold, and Bob adds $30 of cash for Alice.
  const instances = useTwoInstances({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  const CASH = 3000;

  async function pendingTrade(provider: GatedSandbox) {
    const { instanceA, appB } = instances();
    replaceMoneyProvider(instanceA.ctx.env, () => provider);
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: CASH, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    // Bob's session works on B too: sessions live in the shared database.
    const bobOnB = Object.assign(new TestClient(appB), { cookie: bob.cookie });
    return { alice, bob, bobOnB, tradeId: proposed.body.id as number };
  }

  /** A failing acceptance of Bob's on B: his declined card, or a good card with Carol's address as his ship-to. */
  async function failingBody(failure: 'declined card' | 'foreign address') {
    if (failure === 'declined card') return { cashCard: DECLINED_CARD };
    const carol = await memberWithSneakers(instances().instanceA, 'carol');
    const address = await carol.post('/api/addresses', TEST_ADDRESS);
    expect(address.status).toBe(201);
    return { cashCard: OTHER_GOOD_CARD, shipToAddressId: address.body.id as number };
  }

  /** The trade's authorizations still open, as [purpose, payer, status]. */
  async function openMoney(tradeId: number, ids: { alice: string; bob: string }) {
    const rows = await instances()
      .instanceA.ctx.db.select()
      .from(cashAuthorizations)
      .where(eq(cashAuthorizations.tradeId, tradeId))
      .orderBy(cashAuthorizations.id);
    const name = (id: string) => (id === ids.alice ? 'alice' : 'bob');
    return rows.filter((a) => a.status === 'requested' || a.status === 'authorized').map((a) => [a.purpose, name(a.payerId), a.status]);
  }

  const ALL_HELD = [
    ['trade_cash', 'bob', 'authorized'],
    ['protection_hold', 'alice', 'authorized'],
    ['protection_hold', 'bob', 'authorized'],
  ];

  /** Both ship and confirm receipt; the cash is captured for Alice, both holds released. */
  async function complete(tradeId: number, alice: TestClient, bob: TestClient) {
    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.ups })).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.usps })).status).toBe(200);
    expect((await alice.post(`/api/trades/${tradeId}/receive`)).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/receive`)).body.status).toBe('completed');
    await settleCashNow(instances().instanceA.ctx);
    const auths = await instances().instanceA.ctx.db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId));
    expect(auths.filter((a) => a.status === 'captured').map((a) => [a.purpose, a.amountCents])).toEqual([['trade_cash', CASH]]);
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(CASH);
    expect(await moneyViolations(instances().instanceA.ctx.db)).toEqual([]);
  }

  for (const failure of ['declined card', 'foreign address'] as const) {
    it(`the acceptance that fails second (${failure}) releases nothing: the first accepts with the cash and both holds held, and completion pays Alice`, async () => {
      const provider = new GatedSandbox();
      const { alice, bob, bobOnB, tradeId } = await pendingTrade(provider);
      const failing = await failingBody(failure);
      // Bob's winning acceptance on A waits at the provider with its first authorization...
      const gate = provider.holdNext(WINNING_CARD);
      const winning = bob.post(`/api/trades/${tradeId}/accept`, { cashCard: WINNING_CARD });
      await gate.reached;
      // ...while his failing one runs on B from start to end.
      const lost: Answer = await bobOnB.post(`/api/trades/${tradeId}/accept`, failing);
      gate.open();
      const won: Answer = await winning;

      expect(lost.status).toBeGreaterThanOrEqual(400);
      expect(lost.status).toBeLessThan(500);
      expect([won.status, won.body.status]).toEqual([200, 'accepted']);
      expect((won.body.protectionHolds as Array<{ status: string }>).map((h) => h.status)).toEqual(['held', 'held']);
      expect(await openMoney(tradeId, { alice: alice.user.id, bob: bob.user.id })).toEqual(ALL_HELD);
      await complete(tradeId, alice, bob);
    });
  }

  // The other order, which lost the money before: the declined acceptance, still at the provider
  // while the good one accepted the trade, then released everything the trade was accepted with.
  for (const failure of ['declined card'] as const) {
    it(`the acceptance that fails first (${failure}) leaves no trade accepted with nothing held: once it is done, Bob accepts with everything held`, async () => {
      const provider = new GatedSandbox();
      const { alice, bob, bobOnB, tradeId } = await pendingTrade(provider);
      const failing = await failingBody(failure);
      // Bob's failing acceptance on B waits at the provider with its first authorization...
      const gate = provider.holdNext(failing.cashCard);
      const failed = bobOnB.post(`/api/trades/${tradeId}/accept`, failing);
      await gate.reached;
      // ...while the one with his good card runs on A from start to end.
      const first: Answer = await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: WINNING_CARD });
      gate.open();
      const lost: Answer = await failed;

      expect(lost.status).toBeGreaterThanOrEqual(400);
      expect(lost.status).toBeLessThan(500);
      expect(first.status).toBeLessThan(500);
      const { status } = (await bob.get(`/api/trades/${tradeId}`)).body as { status: string };
      const ids = { alice: alice.user.id, bob: bob.user.id };
      // Accepted means held, all of it; still pending means nothing held.
      expect(await openMoney(tradeId, ids)).toEqual(status === 'accepted' ? ALL_HELD : []);
      if (status === 'pending') {
        const again = await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: WINNING_CARD });
        expect([again.status, again.body.status]).toEqual([200, 'accepted']);
        expect(await openMoney(tradeId, ids)).toEqual(ALL_HELD);
      }
      await complete(tradeId, alice, bob);
    });
  }
});
