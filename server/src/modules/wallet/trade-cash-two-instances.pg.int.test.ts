import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, walletEntries, wallets } from '../../db/schema/index';
import { TestClient } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import { JOB_HANDLERS } from '../register-jobs';
import { checkMoneyInvariants } from './money-invariants';
import { insertWalletMovement } from './wallet.repository';
import { chooseShipTos, shipBody, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { moneyViolations } from '../trades/protection-holds.int-helpers';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };

/** Two instances on one PostgreSQL database, racing the money steps of the same trades. */
describe('cash in trades across two instances', () => {
  const instances = useTwoInstances();

  it('authorizes once when the receiver accepts on both instances at once, and captures once when both settle', async () => {
    const { instanceA, appB } = instances();
    const trades: Array<{ alice: TestClient; bob: TestClient; bobOnB: TestClient; id: number; cents: number }> = [];
    for (let i = 0; i < 4; i++) {
      const alice = await memberWithSneakers(instanceA, 'alice');
      const bob = await memberWithSneakers(instanceA, 'bob');
      const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1000 * (i + 1), cashCard: GOOD_CARD });
      expect(proposed.status).toBe(201);
      // Bob's session works on B too: sessions live in the shared database.
      const bobOnB = Object.assign(new TestClient(appB), { cookie: bob.cookie });
      trades.push({ alice, bob, bobOnB, id: proposed.body.id as number, cents: 1000 * (i + 1) });
    }

    for (const t of trades) {
      const [a, b] = await Promise.all([t.bob.post(`/api/trades/${t.id}/accept`), t.bobOnB.post(`/api/trades/${t.id}/accept`)]);
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    }
    for (const t of trades) {
      await chooseShipTos(t.id, t.alice, t.bob);
      for (const side of [t.alice, t.bob]) expect((await side.post(`/api/trades/${t.id}/ship`, shipBody())).status).toBe(200);
      expect((await t.alice.post(`/api/trades/${t.id}/receive`)).status).toBe(200);
    }
    // The last receipt on A (whose listener captures) races B's settle job over every trade.
    await Promise.all([
      ...trades.map((t) => t.bob.post(`/api/trades/${t.id}/receive`)),
      JOB_HANDLERS['trades.settle-cash']!(appB.ctx, {}),
      JOB_HANDLERS['trades.settle-cash']!(appB.ctx, {}),
    ]);
    await instanceA.ctx.events.idle();
    await JOB_HANDLERS['trades.settle-cash']!(appB.ctx, {});

    for (const t of trades) expect((await t.bobOnB.get('/api/wallet')).body.balanceCents).toBe(t.cents);
    const auths = await instanceA.ctx.db.select().from(cashAuthorizations);
    expect(auths.filter((a) => trades.some((t) => t.id === a.tradeId)).map((a) => a.status)).toEqual([
      'captured',
      'captured',
      'captured',
      'captured',
    ]);
    const entries = await instanceA.ctx.db.select().from(walletEntries);
    expect(
      checkMoneyInvariants({
        authorizations: auths.map((a) => ({ id: a.id, amountCents: a.amountCents, status: a.status, isCaptureDue: a.status === 'captured' })),
        entries: entries.map((e) => ({ memberId: e.userId, kind: e.kind, amountCents: e.amountCents, authorizationId: e.authorizationId })),
        fees: [],
      }),
    ).toEqual([]);
  });

  it('never lets racing debits on the two instances take a balance below zero', async () => {
    const { instanceA, appB } = instances();
    const eve = await memberWithSneakers(instanceA, 'eve', 0);
    const at = new Date();
    await instanceA.ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: eve.user.id, kind: 'trade_cash_credit', amountCents: 5000, authorizationId: 999_001, at }),
    );
    const debit = (db: typeof instanceA.ctx.db) =>
      db.transaction((tx) => insertWalletMovement(tx, { userId: eve.user.id, kind: 'payout', amountCents: -2000, at }));
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => debit(i % 2 === 0 ? instanceA.ctx.db : appB.ctx.db)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const balances = await instanceA.ctx.db.select().from(wallets);
    expect(balances.find((w) => w.userId === eve.user.id)?.balanceCents).toBe(1000);
    expect(balances.every((w) => w.balanceCents >= 0)).toBe(true);
  });
});

/** The same race with protection holds: both members are new, so each side's card holds its pair's value. */
describe('protection holds across two instances', () => {
  const instances = useTwoInstances({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });

  it('authorizes each hold once when both instances accept, and captures the late side’s once when both settle the missed deadline', async () => {
    const { instanceA, appB } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;
    const bobOnB = Object.assign(new TestClient(appB), { cookie: bob.cookie });
    const accepts = await Promise.all([
      bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD }),
      bobOnB.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD }),
    ]);
    expect(accepts.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    const holds = async () =>
      (await instanceA.ctx.db.select().from(cashAuthorizations))
        .filter((a) => a.tradeId === tradeId)
        .sort((x, y) => x.id - y.id)
        .map((a) => [a.payerId, a.purpose, a.status]);
    expect(await holds()).toEqual([
      [alice.user.id, 'protection_hold', 'authorized'],
      [bob.user.id, 'protection_hold', 'authorized'],
    ]);

    // Alice ships, Bob never does; past the deadline, A's sweep (and its listener) races B's settle job.
    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    const later = () => new Date(Date.now() + (SHIP_DEADLINE_DAYS + 0.1) * DAY_MS);
    const [nowA, nowB] = [instanceA.ctx.now, appB.ctx.now];
    instanceA.ctx.now = later;
    appB.ctx.now = later;
    try {
      await JOB_HANDLERS['trades.sweep-deadlines']!(instanceA.ctx, {});
      await Promise.all([
        JOB_HANDLERS['trades.settle-cash']!(appB.ctx, {}),
        JOB_HANDLERS['trades.settle-cash']!(appB.ctx, {}),
        instanceA.ctx.events.idle(),
      ]);
      await JOB_HANDLERS['trades.settle-cash']!(instanceA.ctx, {});
    } finally {
      instanceA.ctx.now = nowA;
      appB.ctx.now = nowB;
    }
    expect(await holds()).toEqual([
      [alice.user.id, 'protection_hold', 'released'],
      [bob.user.id, 'protection_hold', 'captured'],
    ]);
    const credits = (await instanceA.ctx.db.select().from(walletEntries)).filter((e) => e.tradeId === tradeId);
    expect(credits.map((e) => [e.userId, e.kind, e.amountCents])).toEqual([[alice.user.id, 'protection_hold_credit', 25000]]);
    expect(await moneyViolations(instanceA.ctx.db)).toEqual([]);
  });
});
