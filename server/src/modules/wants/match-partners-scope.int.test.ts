import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { wants } from '../../db/schema/index';
import { twoWayMatches } from '../loops/clearing/two-way-matches';
import { loadMarket } from '../loops/load-market';
import { addWant, member, pairOf, releasesInSize10 } from '../loops/loops.int-helpers';
import { loadMarketAround } from './market-around-member';
import { marketWantlists } from './want-records';

/**
 * A member's matches are read from the part of the market around them (their possible partners
 * and only what can pass between them), not the whole market: at a million listings the whole
 * market is too big to load per request. The part must give exactly the matches the whole market
 * gives, sizes compared as the engine compares them ("US 10" and "10.0" are a 10).
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
    const names = ['ann', 'ben', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jo'] as const;
    const m = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await member(testApp(), `scope-${n}`)] as const))) as Record<
      (typeof names)[number],
      Awaited<ReturnType<typeof member>>
    >;
    // Ann offers r0 (US 10) and wants r1 and r2 in 10, condition 9 or better.
    await pairOf(testApp(), m.ann, r0, { estimatedValue: '200.00' });
    await addWant(m.ann, r1);
    await addWant(m.ann, r2);
    // Ben and Cy offer r1 and want r0: both are Ann's partners.
    await pairOf(testApp(), m.ben, r1, { estimatedValue: '180.00' });
    await pairOf(testApp(), m.cy, r1, { estimatedValue: '260.00' });
    await addWant(m.ben, r0);
    await addWant(m.cy, r0);
    // Dee offers r2, which Ann wants, but wants r3, which Ann does not offer; Eve offers r3 and wants r2.
    await pairOf(testApp(), m.dee, r2);
    await pairOf(testApp(), m.eve, r3);
    await addWant(m.dee, r3);
    await addWant(m.eve, r2);
    // Fay's r1 is a 9 and Jo's is in condition 5: neither meets Ann's want, though both want r0.
    await pairOf(testApp(), m.fay, r1, { size: '9' });
    await pairOf(testApp(), m.jo, r1, { condition: '5.0' });
    await addWant(m.fay, r0);
    await addWant(m.jo, r0);
    // Gus's r1 is spelled "10", Hal's "10.0": both a 10, as the engine reads them.
    await pairOf(testApp(), m.gus, r1, { size: '10', estimatedValue: '210.00' });
    await pairOf(testApp(), m.hal, r1, { size: '10.0', estimatedValue: '220.00' });
    await addWant(m.gus, r0);
    await addWant(m.hal, r0);
    // Ivy's want of r0 names "10.0" (written before sizes were checked): it accepts Ann's US 10.
    await pairOf(testApp(), m.ivy, r1, { estimatedValue: '230.00' });
    const ivyWant = await addWant(m.ivy, r0);
    await ctx.db
      .update(wants)
      .set({ sizes: ['10.0'] })
      .where(eq(wants.id, ivyWant.id as number));

    const whole = await loadMarket(ctx, marketWantlists);
    for (const someone of Object.values(m)) {
      const part = await loadMarketAround(ctx, someone.user.id);
      expect(twoWayMatches(part, someone.user.id), someone.user.username).toEqual(twoWayMatches(whole, someone.user.id));
    }
    expect(
      twoWayMatches(whole, m.ann.user.id)
        .map((match) => String(match.memberId))
        .sort(),
    ).toEqual([m.ben, m.cy, m.gus, m.hal, m.ivy].map((x) => x.user.id).sort());

    const around = await loadMarketAround(ctx, m.ann.user.id);
    const owners = new Set(around.listings.map((l) => String(l.ownerId)));
    expect(owners).toEqual(new Set([m.ann, m.ben, m.cy, m.gus, m.hal, m.ivy].map((x) => x.user.id)));
  });
});
