import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import { describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, sneakers, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { DECLINED_CARD, GOOD_CARD, moneyViolations, protectionHoldsOf, settleCashNow } from './protection-holds.int-helpers';
import { chooseShipTos, shipBody, expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** Factory pairs are worth $250 by their owners' estimates: above the $200 threshold, so new members owe $250. */
const HOLD = 25000;

describe('protection holds (sandbox provider)', () => {
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  expectLedgerValidAfterAll(testApp);

  const db = () => testApp().ctx.db;
  const holdsOf = (tradeId: number) => protectionHoldsOf(db(), tradeId);
  const holdLedgerOf = async (tradeId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(ledgerEntries.id))
      .map((e) => e.event)
      .filter((e) => e.startsWith('hold_'));
  const settled = () => settleCashNow(testApp().ctx);

  async function newcomers() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    return { alice, bob };
  }

  /** Alice (card given) proposes to Bob, who accepts with his card: both holds authorized. */
  async function acceptedTrade() {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    return { alice, bob, tradeId: proposed.body.id as number };
  }

  it('shows both holds before anyone commits, and authorizes each exactly once at acceptance', async () => {
    const { alice, bob } = await newcomers();
    const preview = await alice.get(
      `/api/trades/protection-holds?receiverId=${bob.user.id}&proposerSneakerIds=${alice.sneakers[0]!.id}&receiverSneakerIds=${bob.sneakers[0]!.id}`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      protectionHolds: [
        { side: 'proposer', amountCents: HOLD },
        { side: 'receiver', amountCents: HOLD },
      ],
    });

    const withoutCard = await alice.post('/api/trades', proposal(alice, bob));
    expect(withoutCard.status).toBe(400);
    expect(withoutCard.body.fields).toHaveProperty('cashCard');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const due = [
      { side: 'proposer', amountCents: HOLD, status: 'due' },
      { side: 'receiver', amountCents: HOLD, status: 'due' },
    ];
    expect(proposed.body.protectionHolds).toEqual(due);
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.protectionHolds).toEqual(due);
    expect(await holdsOf(proposed.body.id)).toEqual([]);

    const noCard = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(noCard.status).toBe(400);
    expect(noCard.body.fields).toHaveProperty('cashCard');
    const key = { 'Idempotency-Key': `accept-${proposed.body.id}` };
    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD }, key);
    expect(accepted.status).toBe(200);
    expect(accepted.body.protectionHolds.map((h: { status: string }) => h.status)).toEqual(['held', 'held']);
    // A retry of the same acceptance authorizes nothing more.
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD }, key)).status).toBe(200);
    expect(await holdsOf(proposed.body.id)).toEqual([
      [alice.user.id, bob.user.id, HOLD, 'authorized'],
      [bob.user.id, alice.user.id, HOLD, 'authorized'],
    ]);
    expect(await holdLedgerOf(proposed.body.id)).toEqual(['hold_authorize', 'hold_authorize']);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('releases both holds at completion: nobody is credited', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${tradeId}/receive`)).status).toBe(200);
    await settled();
    expect((await holdsOf(tradeId)).map((h) => h[3])).toEqual(['released', 'released']);
    expect((await alice.get(`/api/trades/${tradeId}`)).body.protectionHolds.map((h: { status: string }) => h.status)).toEqual([
      'released',
      'released',
    ]);
    for (const side of [alice, bob]) expect((await side.get('/api/wallet')).body.balanceCents).toBe(0);
    expect(await holdLedgerOf(tradeId)).toEqual(['hold_authorize', 'hold_authorize', 'hold_release', 'hold_release']);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('captures the hold of the side that missed the ship deadline for the other side, and releases the shipper’s', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    const ctx = testApp().ctx;
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + (SHIP_DEADLINE_DAYS + 0.1) * DAY_MS);
    try {
      await JOB_HANDLERS['trades.sweep-deadlines']!(ctx, {});
      await settled();
    } finally {
      ctx.now = realNow;
    }
    expect((await bob.get(`/api/trades/${tradeId}`)).body).toMatchObject({
      status: 'cancelled',
      protectionHolds: [
        { side: 'proposer', status: 'released' },
        { side: 'receiver', status: 'captured' },
      ],
    });
    expect(await holdsOf(tradeId)).toEqual([
      [alice.user.id, bob.user.id, HOLD, 'released'],
      [bob.user.id, alice.user.id, HOLD, 'captured'],
    ]);
    expect((await alice.get('/api/wallet')).body).toMatchObject({
      balanceCents: HOLD,
      entries: [{ kind: 'protection_hold_credit', amountCents: HOLD, tradeId }],
    });
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(0);
    // The job again finds nothing to do: one capture, one credit.
    await settled();
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(HOLD);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('captures the hold of the side a dispute is resolved against, for the side that opened it', async () => {
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/dispute`, { reason: 'The pair that came is not the one listed' })).status).toBe(200);
    expect((await admin.post(`/api/trades/${tradeId}/resolve`, { outcome: 'cancelled' })).status).toBe(200);
    await settled();
    expect((await holdsOf(tradeId)).map((h) => h[3])).toEqual(['released', 'captured']);
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(HOLD);
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(0);
    expect((await bob.get(`/api/trades/${tradeId}`)).body.protectionHolds).toEqual([
      { side: 'proposer', amountCents: HOLD, status: 'released' },
      { side: 'receiver', amountCents: HOLD, status: 'captured' },
    ]);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('a declined card fails the acceptance with 402: nothing locks and the proposer’s hold is released', async () => {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: DECLINED_CARD });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body).toMatchObject({ status: 'pending' });
    expect(await db().select().from(escrowLocks).where(eq(escrowLocks.tradeId, proposed.body.id))).toEqual([]);
    expect((await holdsOf(proposed.body.id)).map((h) => h[3])).toEqual(['released', 'declined']);
    // With a good card the acceptance goes through, holding each side once.
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect((await holdsOf(proposed.body.id)).map((h) => h[3])).toEqual(['released', 'declined', 'authorized', 'authorized']);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('a counter-offer fixes its own holds: the counter-proposer gives a card, the original proposer pays theirs at acceptance', async () => {
    const { alice, bob } = await newcomers();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    // Bob answers with both his pairs for one of Alice's: his side is worth $500.
    const counterBody = { proposerSneakerIds: bob.sneakers.map((s) => s.id), receiverSneakerIds: [alice.sneakers[1]!.id] };
    const noCard = await bob.post(`/api/trades/${proposed.body.id}/counter`, counterBody);
    expect(noCard.status).toBe(400);
    expect(noCard.body.fields).toHaveProperty('cashCard');
    const counter = await bob.post(`/api/trades/${proposed.body.id}/counter`, { ...counterBody, cashCard: GOOD_CARD });
    expect(counter.status).toBe(201);
    expect(counter.body.protectionHolds).toEqual([
      { side: 'proposer', amountCents: 2 * HOLD, status: 'due' },
      { side: 'receiver', amountCents: HOLD, status: 'due' },
    ]);
    expect((await alice.post(`/api/trades/${counter.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect(await holdsOf(counter.body.id)).toEqual([
      [bob.user.id, alice.user.id, 2 * HOLD, 'authorized'],
      [alice.user.id, bob.user.id, HOLD, 'authorized'],
    ]);
    expect(await moneyViolations(db())).toEqual([]);
  });

  it('previews only a proposal it would accept: another member’s pair, a hidden pair or an unknown member is refused as proposing refuses it, priced at nothing', async () => {
    const { alice, bob } = await newcomers();
    const carol = await memberWithSneakers(testApp(), 'carol');
    // Bob's second pair is worth $900 and hidden from the market: its value is his to keep.
    await db().update(sneakers).set({ isAvailableForTrade: false, estimatedValue: '900.00' }).where(eq(sneakers.id, bob.sneakers[1]!.id));
    const [mine, bobs, hidden, carols] = [alice.sneakers[0]!.id, bob.sneakers[0]!.id, bob.sneakers[1]!.id, carol.sneakers[0]!.id];
    const refusals = [
      { receiverId: bob.user.id, proposerSneakerIds: [carols], receiverSneakerIds: [bobs], field: 'proposerSneakerIds' },
      { receiverId: bob.user.id, proposerSneakerIds: [mine], receiverSneakerIds: [carols], field: 'receiverSneakerIds' },
      { receiverId: bob.user.id, proposerSneakerIds: [mine], receiverSneakerIds: [bobs, hidden], field: 'receiverSneakerIds' },
      { receiverId: '00000000-0000-4000-8000-000000000000', proposerSneakerIds: [mine], receiverSneakerIds: [bobs], field: null },
    ];
    for (const { field, ...sides } of refusals) {
      const query = `receiverId=${sides.receiverId}&proposerSneakerIds=${sides.proposerSneakerIds.join(',')}&receiverSneakerIds=${sides.receiverSneakerIds.join(',')}`;
      const preview = await alice.get(`/api/trades/protection-holds?${query}`);
      const proposed = await alice.post('/api/trades', { ...sides, cashCard: GOOD_CARD });
      expect(proposed.status).toBeGreaterThanOrEqual(400);
      expect([preview.status, preview.body.code, preview.body.message]).toEqual([proposed.status, proposed.body.code, proposed.body.message]);
      expect(preview.body).not.toHaveProperty('protectionHolds');
      if (field) expect(Object.keys(preview.body.fields)).toEqual([field]);
    }
    // Alice's own pair for one of Bob's on the market is priced as before.
    const listed = await alice.get(`/api/trades/protection-holds?receiverId=${bob.user.id}&proposerSneakerIds=${mine}&receiverSneakerIds=${bobs}`);
    expect(listed.status).toBe(200);
    expect(listed.body.protectionHolds).toHaveLength(2);
  });

  it('asks no hold of a member with 3 completed trades, nor for pairs worth $200 or less', async () => {
    const { alice, bob } = await newcomers();
    await db().update(users).set({ totalTrades: 3 }).where(eq(users.id, alice.user.id));
    await db()
      .update(sneakers)
      .set({ estimatedValue: '200.00' })
      .where(and(eq(sneakers.userId, bob.user.id), eq(sneakers.id, bob.sneakers[0]!.id)));
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    expect(proposed.body.protectionHolds).toEqual([]);
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    expect(await holdsOf(proposed.body.id)).toEqual([]);
  });
});
