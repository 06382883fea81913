import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { buildMarketGraph } from '../loops/clearing/market-graph';
import { twoWayMatches } from '../loops/clearing/two-way-matches';
import { loadMarket } from '../loops/load-market';
import { addWant, member, pairOf, releasesInSize10 } from '../loops/loops.int-helpers';
import { marketWantlists } from './want-records';
import { matchPartnersScope } from './wants.repository';

/**
 * A member's matches are read from the part of the market around them (their possible partners),
 * not the whole market: at a million listings the whole market is too big to load per request.
 * The part must give exactly the matches the whole market gives.
 */
describe("the market around a member's possible partners", () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('gives every member the same two-way matches as the whole market, while leaving out members who cannot be partners', async () => {
    const { ctx } = testApp();
    const [r0, r1, r2, r3] = [releases[0]!, releases[1]!, releases[2]!, releases[3]!];
    const ann = await member(testApp(), 'scope-ann');
    const ben = await member(testApp(), 'scope-ben');
    const cy = await member(testApp(), 'scope-cy');
    const dee = await member(testApp(), 'scope-dee');
    const eve = await member(testApp(), 'scope-eve');
    // Ann offers r0 and wants r1 and r2; Ben and Cy offer r1 and want r0: both are Ann's partners.
    await pairOf(testApp(), ann, r0, { estimatedValue: '200.00' });
    await pairOf(testApp(), ben, r1, { estimatedValue: '180.00' });
    await pairOf(testApp(), cy, r1, { estimatedValue: '260.00' });
    // Dee offers r2, which Ann wants, but wants r3, which Ann does not offer: no swap with Ann.
    await pairOf(testApp(), dee, r2);
    // Eve offers r3 and wants r2: a partner of Dee's, not Ann's.
    await pairOf(testApp(), eve, r3);
    await addWant(ann, r1);
    await addWant(ann, r2);
    await addWant(ben, r0);
    await addWant(cy, r0);
    await addWant(dee, r3);
    await addWant(eve, r2);

    const whole = await loadMarket(ctx, marketWantlists);
    const wholeGraph = buildMarketGraph(whole.listings, whole.wants, whole.excludedPairs);
    for (const someone of [ann, ben, cy, dee, eve]) {
      const userId = someone.user.id;
      const part = await loadMarket(ctx, marketWantlists, { members: matchPartnersScope(userId) });
      const partGraph = buildMarketGraph(part.listings, part.wants, part.excludedPairs);
      expect(twoWayMatches(partGraph, userId), someone.user.username).toEqual(twoWayMatches(wholeGraph, userId));
    }
    expect(
      twoWayMatches(wholeGraph, ann.user.id)
        .map((m) => String(m.memberId))
        .sort(),
    ).toEqual([ben.user.id, cy.user.id].sort());

    const around = await loadMarket(ctx, marketWantlists, { members: matchPartnersScope(ann.user.id) });
    const owners = new Set(around.listings.map((l) => String(l.ownerId)));
    expect(owners).toEqual(new Set([ann.user.id, ben.user.id, cy.user.id]));
  });
});
