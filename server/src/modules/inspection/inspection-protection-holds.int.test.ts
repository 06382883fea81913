import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { GOOD_CARD, moneyViolations, protectionHoldsOf, settleCashNow } from '../trades/protection-holds.int-helpers';
import { chooseShipTos, shipBody, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { CENTRE_ENV, inspector } from './inspection.int-helpers';

/** Factory pairs are worth $250 by their owners' estimates: above the $200 threshold, so new members owe $250. */
const HOLD = 25000;

describe('a failed inspection and the protection holds', () => {
  const testApp = useTestApp({ ...CENTRE_ENV, PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  expectLedgerValidAfterAll(testApp);

  const db = () => testApp().ctx.db;
  const holdsOf = (tradeId: number) => protectionHoldsOf(db(), tradeId);
  const settled = () => settleCashNow(testApp().ctx);

  it('captures the hold of the member whose pair failed for the other member, and releases the other’s', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: true, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;
    // A via-centre trade is accepted once both members chose where a pair comes to them.
    await chooseShipTos(tradeId, alice, bob);
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/ship`, shipBody('usps'))).status).toBe(200);
    const pairs = (await alice.get(`/api/trades/${tradeId}/inspection`)).body.pairs as Array<{ id: number; side: string }>;
    const alicePair = pairs.find((p) => p.side === 'proposer')!.id;
    const bobPair = pairs.find((p) => p.side === 'receiver')!.id;

    const centre = await inspector(testApp());
    for (const pair of [alicePair, bobPair]) expect((await centre.post(`/api/inspection/pairs/${pair}/receive`)).status).toBe(200);
    expect((await centre.post(`/api/inspection/pairs/${bobPair}/pass`, { notes: 'Matches the listing photos.' })).status).toBe(200);
    const failed = await centre.post(`/api/inspection/pairs/${alicePair}/fail`, { notes: 'The size tag does not match the listing.' });
    expect(failed.body.status).toBe('failed');
    await settled();

    // Alice's pair failed: her hold pays Bob; Bob's hold is let go. Both had shipped, so nobody missed a deadline.
    const [row] = await db().select().from(trades).where(eq(trades.id, tradeId));
    expect(row!.failedInspectionMemberId).toBe(alice.user.id);
    expect((await bob.get(`/api/trades/${tradeId}`)).body).toMatchObject({
      status: 'cancelled',
      protectionHolds: [
        { side: 'proposer', amountCents: HOLD, status: 'captured' },
        { side: 'receiver', amountCents: HOLD, status: 'released' },
      ],
    });
    expect(await holdsOf(tradeId)).toEqual([
      [alice.user.id, bob.user.id, HOLD, 'captured'],
      [bob.user.id, alice.user.id, HOLD, 'released'],
    ]);
    expect((await bob.get('/api/wallet')).body).toMatchObject({
      balanceCents: HOLD,
      entries: [{ kind: 'protection_hold_credit', amountCents: HOLD, tradeId }],
    });
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(0);
    // Settling again moves nothing more.
    await settled();
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(HOLD);
    expect(await moneyViolations(db())).toEqual([]);
  });
});
