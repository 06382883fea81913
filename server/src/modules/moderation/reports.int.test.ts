import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_REASON_MAX, REPORTS_PER_HOUR } from '@soleswap/contracts/moderation';
import { messages, reports } from '../../db/schema/index';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('reporting to the moderators', () => {
  const testApp = useTestApp();
  let n = 0;
  const member = (role?: 'admin') => {
    n += 1;
    return signIn(testApp().app, { email: `reporter-${n}@example.com`, username: `reporter${n}`, ...(role ? { role } : {}) });
  };
  const stored = (reporterId: string) => testApp().ctx.db.select().from(reports).where(eq(reports.reporterId, reporterId));

  it('stores a member report once while it is open, with the reason trimmed', async () => {
    const ann = await member();
    const ben = await member();
    const first = await ann.post('/api/reports', { kind: 'member', targetId: ben.user.id, reason: '  Sold me fakes  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'member', targetId: ben.user.id, status: 'open' });
    const again = await ann.post('/api/reports', { kind: 'member', targetId: ben.user.id, reason: 'Again' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await stored(ann.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'Sold me fakes', targetUserId: ben.user.id, status: 'open' });
  });

  it("reports a listing by its number, and a message only of one's own trades", async () => {
    const ctx = testApp().ctx;
    const cat = await member();
    const dan = await member();
    const stranger = await member();
    const pair = await buildSneaker(ctx, { userId: dan.user.id });
    const listing = await cat.post('/api/reports', { kind: 'listing', targetId: pair.id, reason: 'Stock photo' });
    expect(listing.status).toBe(201);
    expect((await stored(cat.user.id))[0]).toMatchObject({ kind: 'listing', targetId: String(pair.id), targetUserId: dan.user.id });

    const trade = await buildTrade(ctx, {
      proposerId: cat.user.id,
      receiverId: dan.user.id,
      proposerSneakerIds: [pair.id],
      receiverSneakerIds: [pair.id],
    });
    const [message] = await ctx.db.insert(messages).values({ tradeId: trade.id, senderId: dan.user.id, content: 'rude' }).returning();
    expect((await cat.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'Insults' })).status).toBe(201);
    // Someone who cannot see the message cannot report it (nor learn that it exists).
    expect((await stranger.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'x' })).status).toBe(404);
    expect((await dan.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'x' })).status).toBe(400);
  });

  it('reports a direct message only as one of its two members', async () => {
    const ctx = testApp().ctx;
    const gil = await member();
    const hal = await member();
    const stranger = await member();
    const started = await gil.post('/api/conversations', { userId: hal.user.id });
    expect(started.status).toBe(201);
    const [message] = await ctx.db.insert(messages).values({ conversationId: started.body.id, senderId: hal.user.id, content: 'rude' }).returning();
    const report = await gil.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'Insults' });
    expect(report.status).toBe(201);
    expect((await stored(gil.user.id))[0]).toMatchObject({ kind: 'message', targetId: String(message!.id), targetUserId: hal.user.id });
    expect((await stranger.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'x' })).status).toBe(404);
    expect((await hal.post('/api/reports', { kind: 'message', targetId: String(message!.id), reason: 'x' })).status).toBe(400);
  });

  it('refuses yourself, your own listing, missing targets and bad reasons', async () => {
    const eve = await member();
    const own = await buildSneaker(testApp().ctx, { userId: eve.user.id });
    const self = await eve.post('/api/reports', { kind: 'member', targetId: eve.user.id, reason: 'me' });
    expect(self.status).toBe(400);
    expect((await eve.post('/api/reports', { kind: 'listing', targetId: own.id, reason: 'mine' })).status).toBe(400);
    expect((await eve.post('/api/reports', { kind: 'member', targetId: '00000000-0000-4000-8000-000000000000', reason: 'x' })).status).toBe(404);
    expect((await eve.post('/api/reports', { kind: 'listing', targetId: 'abc', reason: 'x' })).status).toBe(404);
    expect((await eve.post('/api/reports', { kind: 'listing', targetId: 99999999, reason: 'x' })).status).toBe(404);
    const other = await buildUser(testApp().ctx);
    for (const body of [
      { kind: 'member', targetId: other.id, reason: '   ' },
      { kind: 'member', targetId: other.id, reason: 'x'.repeat(REPORT_REASON_MAX + 1) },
      { kind: 'person', targetId: other.id, reason: 'x' },
      { kind: 'member', targetId: other.id, reason: 'x', priority: 'high' },
    ]) {
      const res = await eve.post('/api/reports', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await stored(eve.user.id)).toEqual([]);
  });

  it(`allows ${REPORTS_PER_HOUR} new reports an hour per member`, async () => {
    const fay = await member();
    const targets = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) targets.push(await buildUser(testApp().ctx));
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      expect((await fay.post('/api/reports', { kind: 'member', targetId: target.id, reason: 'spam' })).status).toBe(201);
    }
    const over = await fay.post('/api/reports', { kind: 'member', targetId: targets[REPORTS_PER_HOUR]!.id, reason: 'spam' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    // A repeat of an open report is still answered: it adds nothing.
    expect((await fay.post('/api/reports', { kind: 'member', targetId: targets[0]!.id, reason: 'spam' })).status).toBe(200);
    // Another member has their own allowance.
    expect((await (await member()).post('/api/reports', { kind: 'member', targetId: targets[REPORTS_PER_HOUR]!.id, reason: 'spam' })).status).toBe(
      201,
    );
  });

  it('lets blocked members and admins report, and answers 401 to a visitor', async () => {
    const gus = await member();
    const hal = await member();
    const boss = await member('admin');
    await gus.post(`/api/users/${hal.user.id}/block`);
    expect((await hal.post('/api/reports', { kind: 'member', targetId: gus.user.id, reason: 'Blocked me after taking my money' })).status).toBe(201);
    expect((await boss.post('/api/reports', { kind: 'member', targetId: gus.user.id, reason: 'noted' })).status).toBe(201);
    expect((await new TestClient(testApp().app).post('/api/reports', { kind: 'member', targetId: gus.user.id, reason: 'x' })).status).toBe(401);
  });
});
