import { DAY_MS } from '@soleswap/contracts/time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { loopLegs } from '../../db/schema/index';
import { acceptLoopAs, proposedThreeLoop, releasesInSize10 } from '../loops/loops.int-helpers';
import { expectLedgerValidAfterAll } from '../trades/trades.int-helpers';
import { boughtLabel, carrierSays } from '../trades/carrier-events.int-helpers';

/** The carrier's word drives a loop's legs too (docs/rules/shipping.md#carrier-events). */
describe("the carrier's events on a loop leg's label", () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('ships the leg at the first scan and opens its receiver window at delivery', async () => {
    const { a, b, c, loopId } = await proposedThreeLoop(testApp(), releases);
    for (const m of [a, b, c]) await acceptLoopAs(m, loopId);
    const [leg] = await testApp()
      .ctx.db.select()
      .from(loopLegs)
      .where(and(eq(loopLegs.loopId, loopId), eq(loopLegs.fromUserId, a.user.id)));
    const receiver = [b, c].find((m) => m.user.id === leg!.toUserId)!;
    const label = await boughtLabel(testApp(), { route: 'loop', legKey: String(leg!.id), senderId: a.user.id });

    await carrierSays(testApp(), label.id, 'pre_transit');
    expect((await receiver.get(`/api/loops/${loopId}`)).body.myReceive).toMatchObject({ shippedAt: null });

    await carrierSays(testApp(), label.id, 'in_transit');
    const shipped = (await receiver.get(`/api/loops/${loopId}`)).body;
    expect(shipped.myReceive).toMatchObject({ shippedAt: expect.any(String) });

    const deliveredAt = testApp().ctx.now();
    await carrierSays(testApp(), label.id, 'delivered', { at: deliveredAt });
    const delivered = (await receiver.get(`/api/loops/${loopId}`)).body;
    expect(new Date(delivered.myReceive.receiveBy).getTime()).toBe(deliveredAt.getTime() + 3 * DAY_MS);
    expect(delivered.status).toBe('active');
  });
});
