import { eq } from 'drizzle-orm';
import { DAY_MS, MINUTE_MS } from '@soleswap/contracts/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallets } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { FakeStripe } from '../../../test/fake-stripe';
import { TestClient } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import { JOB_HANDLERS } from '../register-jobs';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { moneyViolations, seededCaptures } from '../trades/protection-holds.int-helpers';
import { stripeTestOptions } from '../payments/money-providers.int-helpers';
import { replaceMoneyProvider } from '../payments/payment-providers';
import { StripeMoneyProvider } from '../payments/stripe/stripe-money-provider';
import { insertWalletMovement } from './wallet.repository';
import { giveBankAccount } from './payout-destination.int-helpers';

/**
 * Stripe Connect against the fake Stripe, on an instance that dies during the first withdrawal's
 * call, after Stripe made the transfer and before its answer is recorded: the call never returns,
 * the request with it, and its key's claim stays in progress. `revive` lets it go on at the end.
 */
class DiesAfterFirstTransfer extends StripeMoneyProvider {
  #dead = false;
  #died!: () => void;
  #revive!: () => void;
  readonly died = new Promise<void>((resolve) => (this.#died = resolve));
  readonly #revived = new Promise<void>((resolve) => (this.#revive = resolve));
  constructor(config: FakeStripe['config']) {
    super(stripeTestOptions({ config }));
  }

  override async payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string) {
    if (this.#dead) return super.payout(input, idempotencyKey);
    this.#dead = true;
    const made = await super.payout(input, idempotencyKey);
    this.#died();
    await this.#revived;
    return made;
  }
  revive() {
    this.#revive();
  }
}

/** Two instances on one PostgreSQL database, racing withdrawals and wallet-paid cash over one balance. */
describe('the wallet balance across two instances', () => {
  const instances = useTwoInstances();
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
  });
  afterAll(() => stripe.close());

  async function expectMoneySound(db: ReturnType<typeof instances>['instanceA']['ctx']['db'], seeded: Set<number>) {
    // The balances seeded here stand for captures made elsewhere.
    expect(await moneyViolations(db, await seededCaptures(db, (id) => seeded.has(id)))).toEqual([]);
    expect((await db.select().from(wallets)).every((w) => w.balanceCents >= 0)).toBe(true);
  }

  it('pays out at most the balance when withdrawals race on both instances', async () => {
    const { instanceA, appB } = instances();
    const eve = await memberWithSneakers(instanceA, 'eve', 0);
    const eveOnB = Object.assign(new TestClient(appB), { cookie: eve.cookie });
    const at = new Date();
    await instanceA.ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: eve.user.id, kind: 'trade_cash_credit', amountCents: 5000, authorizationId: 990_001, at }),
    );
    await giveBankAccount(instanceA.ctx, eve.user.id);

    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? eve : eveOnB).post('/api/wallet/withdrawals', { amountCents: 2000 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await eveOnB.get('/api/wallet')).body.balanceCents).toBe(1000);
    expect((await eve.get('/api/wallet/withdrawals')).body.items.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid']);
    await expectMoneySound(instanceA.ctx.db, new Set([990_001]));
  });

  it('never spends one balance twice when a wallet-paid acceptance races withdrawals on the other instance', async () => {
    const { instanceA, appB } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const bobOnB = Object.assign(new TestClient(appB), { cookie: bob.cookie });
    const at = new Date();
    await instanceA.ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: bob.user.id, kind: 'trade_cash_credit', amountCents: 3000, authorizationId: 990_002, at }),
    );
    await giveBankAccount(instanceA.ctx, bob.user.id);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: 2000 });
    expect(proposed.status).toBe(201);

    const [accepted, ...withdrawals] = await Promise.all([
      bob.post(`/api/trades/${proposed.body.id}/accept`, { cashSource: 'wallet' }),
      bobOnB.post('/api/wallet/withdrawals', { amountCents: 2000 }),
      bobOnB.post('/api/wallet/withdrawals', { amountCents: 2000 }),
    ]);
    // 3000 covers one of the three 2000 debits, whichever commits first.
    expect([accepted, ...withdrawals].filter((a) => a.status === 200 || a.status === 201)).toHaveLength(1);
    expect([accepted, ...withdrawals].filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(1000);
    expect((await alice.get(`/api/trades/${proposed.body.id}`)).body.status).toBe(accepted.status === 200 ? 'accepted' : 'pending');
    await instanceA.ctx.events.idle();
    await expectMoneySound(instanceA.ctx.db, new Set([990_001, 990_002]));
  });

  it('pays once when the instance that made the transfer dies, and the member retries on the other while its job runs (issue #39)', async () => {
    const { instanceA, appB } = instances();
    const dying = new DiesAfterFirstTransfer(stripe.config);
    // Both instances share one configuration, so one provider.
    replaceMoneyProvider(instanceA.ctx.env, () => dying);
    try {
      const kim = await memberWithSneakers(instanceA, 'kim', 0);
      const kimOnB = Object.assign(new TestClient(appB), { cookie: kim.cookie });
      const at = new Date();
      await instanceA.ctx.db.transaction(async (tx) => {
        await insertWalletMovement(tx, { userId: kim.user.id, kind: 'trade_cash_credit', amountCents: 6000, authorizationId: 990_003, at });
        await tx.update(wallets).set({ payoutAccountId: 'acct_kim' }).where(eq(wallets.userId, kim.user.id));
      });
      const key = { 'idempotency-key': 'withdraw-kim' };

      const dead = kim.post('/api/wallet/withdrawals', { amountCents: 2500 }, key);
      await dying.died;
      // Five minutes on: the member's form resends the key to instance B, while A's job retries payouts.
      const ahead = (6 * MINUTE_MS) / DAY_MS;
      const [retried] = await Promise.all([
        withClockAhead(appB.ctx, ahead, () => kimOnB.post('/api/wallet/withdrawals', { amountCents: 2500 }, key)),
        withClockAhead(instanceA.ctx, ahead, () => JOB_HANDLERS['wallet.retry-payouts']!(instanceA.ctx, {})),
      ]);
      dying.revive();
      await dead;

      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ amountCents: 2500, status: 'paid' });
      expect(stripe.transfers.filter((t) => t.destination === 'acct_kim').map((t) => t.amount)).toEqual([2500]);
      expect((await kim.get('/api/wallet/withdrawals')).body.items).toMatchObject([{ id: retried.body.id, status: 'paid' }]);
      const entries = (await kimOnB.get('/api/wallet')).body.entries as Array<{ kind: string; amountCents: number }>;
      expect(entries.filter((e) => e.kind === 'payout').map((e) => e.amountCents)).toEqual([-2500]);
      expect((await kimOnB.get('/api/wallet')).body.balanceCents).toBe(3500);
      await expectMoneySound(instanceA.ctx.db, new Set([990_001, 990_002, 990_003]));
    } finally {
      replaceMoneyProvider(instanceA.ctx.env, null);
    }
  });
});
