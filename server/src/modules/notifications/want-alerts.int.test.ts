import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { catalogReleases, users } from '../../db/schema/index';
import { addWant, member, pairOf, releasesInSize10, type Member } from '../loops/loops.int-helpers';
import { notificationsOf } from './notifications.int-helpers';
import { notifyWantAlerts } from './notify-want-alerts';

/**
 * Issue #45, alerts that find the pair (docs/rules/matches.md#alerts): a listing that is new or
 * repriced and fits a want (release, size in any system, condition, price ceiling) alerts the
 * want's owner once, at most once an hour per want, never about a blocked or suspended member.
 */
describe('want alerts', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  const realNow = () => new Date();

  const alertsOf = async (who: Member) =>
    (await notificationsOf(testApp(), who, '?limit=50')).items.filter((n) => n.kind === 'want.alert').map((n) => n.text);

  const list = async (who: Member, releaseId: number, value: number, extra: Record<string, unknown> = {}) => {
    const res = await who.post('/api/sneakers', {
      name: `Pair ${value}`,
      brand: 'Jordan',
      model: 'Air Jordan 4',
      catalogReleaseId: releaseId,
      size: '10',
      condition: '9.5',
      estimatedValue: value,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };

  /** Ann wants a release in US 10 (asked as UK 9) up to $300; Ben lists. */
  async function wanting(cap = '300') {
    const releaseId = releases[next++]!;
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await addWant(ann, releaseId, { sizes: ['UK 9'], maxValue: cap });
    return { releaseId, ann, ben };
  }
  const marketPriceOf = async (releaseId: number) =>
    (await testApp().ctx.db.select({ price: catalogReleases.marketPrice }).from(catalogReleases).where(eq(catalogReleases.id, releaseId)))[0]!.price;

  it('alerts the owner of a want a new listing fits, once, and not for one over the price ceiling or in another size', async () => {
    const releaseId = releases[next]!;
    // A listing linked to the catalogue is valued at its release's market price (the wantlist's cap reads that value).
    const price = await marketPriceOf(releaseId);
    const { ann, ben } = await wanting(price);
    const cheapskate = await member(testApp(), 'cheap');
    await addWant(cheapskate, releaseId, { maxValue: String(Number(price) - 1) });
    await list(ben, releaseId, 250, { size: '11' });
    expect(await alertsOf(ann)).toEqual([]);
    const fits = await list(ben, releaseId, 250);
    expect(await alertsOf(ann)).toEqual([`A pair you want is up: Pair 250, US 10 at $${price}`]);
    expect(await alertsOf(cheapskate)).toEqual([]);
    // Heard again (an edit that leaves the price as it was): no second alert.
    await notifyWantAlerts(testApp().ctx, { sneakerId: fits.id, userId: ben.user.id });
    expect(await alertsOf(ann)).toHaveLength(1);
    // Ben's own bell has none: the want is not his.
    expect(await alertsOf(ben)).toEqual([]);
  });

  it('alerts when a price change brings a listing under the ceiling, at most once an hour per want', async () => {
    const { releaseId, ann, ben } = await wanting();
    // No market price: the owner's estimate is its value.
    const dear = await pairOf(testApp(), ben, releaseId, { estimatedValue: '400' });
    await notifyWantAlerts(testApp().ctx, { sneakerId: dear.id, userId: ben.user.id });
    expect(await alertsOf(ann)).toEqual([]);
    expect((await ben.put(`/api/sneakers/${dear.id}`, { estimatedValue: 280 })).status).toBe(200);
    expect(await alertsOf(ann)).toEqual([expect.stringContaining('at $280.00')]);
    // Another fitting listing and another price within the hour: nothing more.
    const other = await pairOf(testApp(), ben, releaseId, { estimatedValue: '260' });
    await notifyWantAlerts(testApp().ctx, { sneakerId: other.id, userId: ben.user.id });
    expect((await ben.put(`/api/sneakers/${dear.id}`, { estimatedValue: 270 })).status).toBe(200);
    expect(await alertsOf(ann)).toHaveLength(1);
    // An hour later, a new price that still fits alerts again.
    const later = new Date(realNow().getTime() + 61 * 60 * 1000);
    testApp().ctx.now = () => later;
    try {
      expect((await ben.put(`/api/sneakers/${dear.id}`, { estimatedValue: 265 })).status).toBe(200);
      expect(await alertsOf(ann)).toEqual([expect.stringContaining('at $265.00'), expect.stringContaining('at $280.00')]);
    } finally {
      testApp().ctx.now = realNow;
    }
  });

  it('sends one alert when two fitting listings are heard at once', async () => {
    const { releaseId, ann, ben } = await wanting();
    const cal = await member(testApp(), 'cal');
    const [a, b] = [
      await pairOf(testApp(), ben, releaseId, { estimatedValue: '200' }),
      await pairOf(testApp(), cal, releaseId, { estimatedValue: '210' }),
    ];
    await Promise.all([
      notifyWantAlerts(testApp().ctx, { sneakerId: a.id, userId: ben.user.id }),
      notifyWantAlerts(testApp().ctx, { sneakerId: b.id, userId: cal.user.id }),
    ]);
    expect(await alertsOf(ann)).toHaveLength(1);
  });

  it('never alerts about a listing of a member blocked either way, nor to or about a suspended member', async () => {
    const { ctx } = testApp();
    const { releaseId, ann, ben } = await wanting();
    expect((await ann.post(`/api/users/${ben.user.id}/block`)).status).toBe(200);
    await notifyWantAlerts(ctx, { sneakerId: (await pairOf(testApp(), ben, releaseId)).id, userId: ben.user.id });
    expect(await alertsOf(ann)).toEqual([]);

    const cal = await member(testApp(), 'cal');
    expect((await cal.post(`/api/users/${ann.user.id}/block`)).status).toBe(200);
    await notifyWantAlerts(ctx, { sneakerId: (await pairOf(testApp(), cal, releaseId)).id, userId: cal.user.id });
    expect(await alertsOf(ann)).toEqual([]);

    // The want's owner suspended: no alert to her; the lister suspended: none about him.
    const dan = await member(testApp(), 'dan');
    const danPair = await pairOf(testApp(), dan, releaseId, { estimatedValue: '220' });
    await ctx.db.update(users).set({ suspendedAt: ctx.now(), suspendedReason: 'test' }).where(eq(users.id, dan.user.id));
    await notifyWantAlerts(ctx, { sneakerId: danPair.id, userId: dan.user.id });
    expect(await alertsOf(ann)).toEqual([]);
    await ctx.db.update(users).set({ suspendedAt: ctx.now(), suspendedReason: 'test' }).where(eq(users.id, ann.user.id));
    const eve = await member(testApp(), 'eve');
    const evePair = await pairOf(testApp(), eve, releaseId, { estimatedValue: '220' });
    await notifyWantAlerts(ctx, { sneakerId: evePair.id, userId: eve.user.id });
    await ctx.db.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, ann.user.id));
    expect(await alertsOf(ann)).toEqual([]);
    // Unsuspended and within the hour of nothing: the same listing heard again alerts her now.
    await notifyWantAlerts(ctx, { sneakerId: evePair.id, userId: eve.user.id });
    expect(await alertsOf(ann)).toHaveLength(1);
  });
});
