import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelClaims, trades } from '../../db/schema/index';
import { freshTrackingNumber } from '../../../test/fresh-tracking-number';
import { TestClient, type TestApp } from '../../../test/test-app';
import { useTwoInstances } from '../../../test/two-instances';
import { chooseShipTos, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { openLegsOf, registerParcelRoute, type OpenLegs } from './parcel-routes';

/**
 * Two parcels shipped with one number at the same moment, on two instances of one PostgreSQL
 * database: exactly one ship wins, the other is refused with TRACKING_NUMBER_IN_USE and changes
 * nothing.
 */
describe('two ships racing with one tracking number on two instances', () => {
  const instances = useTwoInstances();

  // The window between reading a number's claims and recording a new one is widened: each number
  // starts with a claim of a leg that has ended (a centre pair that does not exist), which the
  // centre's route takes a while to answer. Without the per-number lock, both ships would read
  // only that claim, wait, and both record theirs.
  let realCentre: OpenLegs;
  beforeAll(() => {
    realCentre = openLegsOf('centre');
    registerParcelRoute('centre', async (db, legs, at) => {
      await sleep(300);
      return realCentre(db, legs, at);
    });
  });
  afterAll(() => {
    registerParcelRoute('centre', realCentre);
  });

  async function acceptedTrade(testApp: TestApp) {
    const alice = await memberWithSneakers(testApp, 'alice', 1);
    const bob = await memberWithSneakers(testApp, 'bob', 1);
    const accepted = await bob.post(`/api/trades/${(await alice.post('/api/trades', proposal(alice, bob))).body.id}/accept`);
    expect(accepted.status).toBe(200);
    await chooseShipTos(accepted.body.id, alice, bob);
    return { alice, tradeId: accepted.body.id as number };
  }

  it('lets exactly one of two trades ship with the number', async () => {
    const { instanceA, appB } = instances();
    const db = instanceA.ctx.db;
    for (let round = 0; round < 3; round++) {
      const first = await acceptedTrade(instanceA);
      const second = await acceptedTrade(instanceA);
      const secondOnB = Object.assign(new TestClient(appB), { cookie: second.alice.cookie });
      const number = freshTrackingNumber();
      await db.insert(parcelClaims).values({ route: 'centre', leg: '0', trackingNumber: number, claimedAt: new Date() });

      const answers = await Promise.all([
        first.alice.post(`/api/trades/${first.tradeId}/ship`, { trackingNumber: number }),
        secondOnB.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: number }),
      ]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      expect(lost.body).toMatchObject({ code: 'TRACKING_NUMBER_IN_USE', fields: { trackingNumber: expect.any(String) } });

      const shipped = [];
      for (const { tradeId } of [first, second]) {
        const [row] = await db.select().from(trades).where(eq(trades.id, tradeId));
        if (row!.proposerTrackingNumber !== null) shipped.push(tradeId);
        else expect(row).toMatchObject({ status: 'accepted', proposerShippedAt: null });
      }
      expect(shipped).toHaveLength(1);
      const claims = await db.select().from(parcelClaims).where(eq(parcelClaims.trackingNumber, number));
      expect(claims.map((c) => ({ route: c.route, leg: c.leg }))).toEqual([{ route: 'trade', leg: `${shipped[0]}:proposer` }]);
    }
  });
});
