import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/index';
import { TestClient, TEST_ORIGIN, signIn, useTestApp } from '../../../test/test-app';
import { findAllDailyStats } from './daily-stats.repository';
import { rollUpDailyStats, rollUpDay } from './roll-up-daily-stats';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const NOW = new Date('2030-01-10T12:30:00.000Z');
const at = (iso: string) => new Date(iso);
const session = (name: string) => `session-${name}`.padEnd(24, 'x');

describe('site analytics', () => {
  const testApp = useTestApp();
  const visitor = () => new TestClient(testApp().app);

  /** Posts page views as they would arrive at `when` (the server's clock is moved there). */
  async function track(when: Date, sessionId: string, pages: string[], headers: Record<string, string>) {
    testApp().ctx.now = () => when;
    const res = await visitor().post('/api/analytics/events', { sessionId, events: pages.map((page) => ({ page })) }, headers);
    testApp().ctx.now = () => NOW;
    return res;
  }

  /**
   * The known set of events (NOW = 2030-01-10 12:30 UTC):
   *   A  Chrome desktop   10:30 "/" and "/browse", 11:30 "/browse"              (3 events, 01-10)
   *   B  iPhone Safari    12:00 "/browse?q=dunk" (stored as "/browse")           (1 event, 01-10)
   *   C  Firefox desktop  01-09 10:30 "/", 01-10 09:30 "/locker"                (2 events, 2 days)
   *   a Googlebot         11:30 "/" twice                                       (stored, never counted)
   *   DNT and GPC         11:30 "/secret"                                       (not stored)
   */
  async function seedKnownEvents() {
    expect((await track(at('2030-01-10T10:30:00Z'), session('A'), ['/', '/browse'], { 'user-agent': CHROME })).status).toBe(204);
    await track(at('2030-01-10T11:30:00Z'), session('A'), ['/browse'], { 'user-agent': CHROME });
    await track(at('2030-01-10T12:00:00Z'), session('B'), ['/browse?q=dunk'], { 'user-agent': IPHONE });
    await track(at('2030-01-09T10:30:00Z'), session('C'), ['/'], { 'user-agent': FIREFOX });
    await track(at('2030-01-10T09:30:00Z'), session('C'), ['/locker'], { 'user-agent': FIREFOX });
    await track(at('2030-01-10T11:30:00Z'), session('bot'), ['/', '/'], { 'user-agent': GOOGLEBOT });
    expect((await track(at('2030-01-10T11:30:00Z'), session('dnt'), ['/secret'], { 'user-agent': CHROME, dnt: '1' })).status).toBe(204);
    expect((await track(at('2030-01-10T11:30:00Z'), session('gpc'), ['/secret'], { 'user-agent': CHROME, 'sec-gpc': '1' })).status).toBe(204);
  }

  it('computes the figures of a known set of events, without bots and without DNT/GPC visitors', async () => {
    const { ctx, app } = testApp();
    ctx.now = () => NOW;
    await seedKnownEvents();

    const stored = await ctx.db.select().from(analyticsEvents);
    expect(stored.filter((e) => e.page === '/secret')).toHaveLength(0);
    expect(stored.filter((e) => e.isBot)).toHaveLength(2);
    // Never the full address: inject's 127.0.0.1 is kept as its /24.
    expect(new Set(stored.map((e) => e.visitorIp))).toEqual(new Set(['127.0.0.0']));

    const admin = await signIn(app, { email: 'stats-admin@soleswap.local', role: 'admin' });
    const day = await admin.get('/api/analytics/stats?hours=24');
    expect(day.status).toBe(200);
    // Window 01-09 12:30 .. 01-10 12:30: C's 01-09 10:30 view is outside it.
    // Page views: A 3 + B 1 + C 1 = 5; unique sessions A, B, C = 3; visits (session, day) = 3.
    expect(day.body).toMatchObject({
      timeframe: '24h',
      period: { from: '2030-01-09T12:30:00.000Z', to: '2030-01-10T12:30:00.000Z' },
      generatedAt: NOW.toISOString(),
      stats: {
        pageViews: 5,
        uniqueVisitors: 3,
        totalVisitors: 3,
        // /browse: A 2 + B 1; "/" A 1; "/locker" C 1 (ties by name).
        topPages: [
          { page: '/browse', count: 3 },
          { page: '/', count: 1 },
          { page: '/locker', count: 1 },
        ],
        // Visits: A and C on desktops, B on a phone.
        deviceBreakdown: [
          { device: 'desktop', count: 2 },
          { device: 'mobile', count: 1 },
        ],
        browserBreakdown: [
          { browser: 'Chrome', count: 1 },
          { browser: 'Firefox', count: 1 },
          { browser: 'Mobile Safari', count: 1 },
        ],
        bucket: 'hour',
      },
    });
    // Hourly from 01-09 12:00 to 01-10 12:00: 25 buckets; 09:00 C, 10:00 A (2 views), 11:00 A, 12:00 B.
    const hours = day.body.stats.visitsOverTime as Array<{ start: string; visits: number; pageViews: number }>;
    expect(hours).toHaveLength(25);
    expect(hours.filter((b) => b.pageViews > 0)).toEqual([
      { start: '2030-01-10T09:00:00.000Z', visits: 1, pageViews: 1 },
      { start: '2030-01-10T10:00:00.000Z', visits: 1, pageViews: 2 },
      { start: '2030-01-10T11:00:00.000Z', visits: 1, pageViews: 1 },
      { start: '2030-01-10T12:00:00.000Z', visits: 1, pageViews: 1 },
    ]);

    // 48 h takes in C's 01-09 view: 6 views, still 3 visitors, but C visited on two days: 4 visits.
    const twoDays = await admin.get('/api/analytics/stats?hours=48');
    expect(twoDays.body.stats).toMatchObject({ pageViews: 6, uniqueVisitors: 3, totalVisitors: 4 });
    expect(twoDays.body.stats.topPages[0]).toEqual({ page: '/browse', count: 3 });
    expect(twoDays.body.stats.topPages[1]).toEqual({ page: '/', count: 2 });
  });

  it('reads a week from the daily roll-ups with the same figures, and rolling up twice changes nothing', async () => {
    const { ctx, app } = testApp();
    ctx.now = () => NOW;
    const admin = await signIn(app, { email: 'stats-admin@soleswap.local', role: 'admin' });
    const before = (await admin.get('/api/analytics/stats?hours=168')).body;
    // Daily buckets from 01-03 to 01-10: 8 days; 01-09 has C (1 view), 01-10 A, B, C (5 views).
    expect(before.stats).toMatchObject({ pageViews: 6, uniqueVisitors: 3, totalVisitors: 4, bucket: 'day' });
    expect(before.stats.visitsOverTime).toHaveLength(8);
    expect(before.stats.visitsOverTime.slice(-2)).toEqual([
      { start: '2030-01-09T00:00:00.000Z', visits: 1, pageViews: 1 },
      { start: '2030-01-10T00:00:00.000Z', visits: 3, pageViews: 5 },
    ]);

    // Only 01-09 is finished at 12:30 on 01-10.
    expect(await rollUpDailyStats(ctx)).toEqual(['2030-01-09']);
    const rows = await findAllDailyStats(ctx.db);
    // 01-09: C alone, first seen that day (new), one event (a zero-second session).
    expect(rows.map(({ id: _id, rolledUpAt: _at, ...r }) => r)).toEqual([
      {
        date: '2030-01-09',
        pageViews: 1,
        totalVisitors: 1,
        uniqueVisitors: 1,
        newUsers: 1,
        returningUsers: 0,
        avgSessionDuration: 0,
        pageCounts: { '/': 1 },
        deviceCounts: { desktop: 1 },
        browserCounts: { Firefox: 1 },
      },
    ]);
    expect(await rollUpDailyStats(ctx)).toEqual([]);
    await rollUpDay(ctx, '2030-01-09');
    const again = await findAllDailyStats(ctx.db);
    expect(again.map(({ rolledUpAt: _at, ...r }) => r)).toEqual(rows.map(({ rolledUpAt: _at, ...r }) => r));

    // The week now comes from the roll-up for 01-09 and the events for today: same answer.
    const after = (await admin.get('/api/analytics/stats?hours=168')).body;
    expect(after.stats).toEqual(before.stats);

    // Ten minutes after midnight 01-11 the 10th is finished too. A, B first seen on the 10th are
    // new, C (seen on the 9th) returns; sessions: A 10:30..11:30 = 3600 s, B and C 0 s: average 1200.
    ctx.now = () => at('2030-01-11T00:15:00Z');
    expect(await rollUpDailyStats(ctx)).toEqual(['2030-01-10']);
    const tenth = (await findAllDailyStats(ctx.db))[1]!;
    expect(tenth).toMatchObject({
      date: '2030-01-10',
      pageViews: 5,
      totalVisitors: 3,
      newUsers: 2,
      returningUsers: 1,
      avgSessionDuration: 1200,
      pageCounts: { '/browse': 3, '/': 1, '/locker': 1 },
    });
    ctx.now = () => NOW;
  });

  it('lets only admins read the statistics and checks the hours', async () => {
    const { app } = testApp();
    expect((await visitor().get('/api/analytics/stats?hours=24')).status).toBe(401);
    const member = await signIn(app, { email: 'stats-member@example.com' });
    expect((await member.get('/api/analytics/stats?hours=24')).status).toBe(403);
    const admin = await signIn(app, { email: 'stats-admin@soleswap.local', role: 'admin' });
    for (const bad of ['0', '8761', '1.5', 'abc', '-1', '1e3']) {
      const res = await admin.get(`/api/analytics/stats?hours=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.fields).toHaveProperty('hours');
    }
    expect((await admin.get('/api/analytics/stats?hours=8760')).status).toBe(200);
    expect((await admin.get('/api/analytics/stats')).body.timeframe).toBe('24h');
  });

  it('accepts a sendBeacon text/plain body from the site, refuses other origins, bad batches and big ones', async () => {
    const { app, ctx } = testApp();
    ctx.now = () => NOW;
    const member = await signIn(app, { email: 'beacon@example.com' });
    const body = JSON.stringify({ sessionId: session('beacon'), events: [{ page: '/membership' }] });
    const sent = await member.request('POST', '/api/analytics/events', body, {
      'content-type': 'text/plain;charset=UTF-8',
      origin: TEST_ORIGIN,
      'user-agent': CHROME,
    });
    expect(sent.status).toBe(204);
    const [row] = await ctx.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, session('beacon')));
    expect(row).toMatchObject({ userId: member.user.id, browser: 'Chrome', isBot: false });

    const foreign = await visitor().request('POST', '/api/analytics/events', body, { 'content-type': 'text/plain', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const notJson = await visitor().request('POST', '/api/analytics/events', 'hello', { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(400);
    const tooMany = await visitor().post('/api/analytics/events', { sessionId: session('many'), events: Array(51).fill({ page: '/' }) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toHaveProperty('events');
    const badSession = await visitor().post('/api/analytics/events', { sessionId: 'short', events: [{ page: '/' }] });
    expect(badSession.body.fields).toHaveProperty('sessionId');
    const badPage = await visitor().post('/api/analytics/events', { sessionId: session('x'), events: [{ page: 'https://x' }] });
    expect(badPage.body.fields).toHaveProperty('events.0.page');
  });

  it('counts only the app’s own pages: made-up page names are dropped and never reach the top pages', async () => {
    const { app, ctx } = testApp();
    const when = at('2030-01-10T12:10:00Z');
    const junk = ['/buy-cheap-pills-at-example-com', '/wp-admin', '/sneakers/12/../../admin', '/browse/extra'];
    const res = await track(when, session('junk'), [...junk, '/sneakers/12?ref=x', '/browse'], { 'user-agent': CHROME });
    expect(res.status).toBe(204);
    const stored = await ctx.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, session('junk')));
    expect(stored.map((e) => e.page).sort()).toEqual(['/browse', '/sneakers/12']);

    // A name stored before the rule (or by hand) is left out of the list as well.
    await ctx.db.insert(analyticsEvents).values(
      Array.from({ length: 40 }, () => ({
        sessionId: session('old'),
        page: '/spam-from-before',
        action: 'page_view',
        timestamp: when,
        device: 'desktop',
        browser: 'Chrome',
        isBot: false,
      })),
    );
    const admin = await signIn(app, { email: 'pages-admin@soleswap.local', role: 'admin' });
    const pages = ((await admin.get('/api/analytics/stats?hours=24')).body.stats.topPages as Array<{ page: string }>).map((p) => p.page);
    expect(pages).toContain('/sneakers/12');
    for (const page of [...junk, '/spam-from-before']) expect(pages).not.toContain(page);
  });

  it('rate-limits tracking per client address', async () => {
    // 120 calls a minute per address: within at most 241 calls (even if a window ends halfway) one is refused.
    let refusedAt = -1;
    for (let i = 0; i < 241 && refusedAt < 0; i++) {
      const res = await visitor().post('/api/analytics/events', { sessionId: session('flood'), events: [{ page: '/' }] }, { 'user-agent': CHROME });
      if (res.status === 429) refusedAt = i;
      else expect(res.status).toBe(204);
    }
    expect(refusedAt).toBeGreaterThanOrEqual(0);
  });
});
