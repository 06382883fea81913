import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_NOTE_MAX, type AdminReport } from '@soleswap/contracts/moderation';
import { adminAuditLog, messages, reports, sneakers } from '../../db/schema/index';
import { buildSneaker, buildTrade } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('the admins’ report queue', () => {
  const testApp = useTestApp();
  let n = 0;
  const member = (role?: 'admin') => {
    n += 1;
    return signIn(testApp().app, { email: `queue-${n}@example.com`, username: `queue${n}`, ...(role ? { role } : {}) });
  };
  const audit = (targetId: string) => testApp().ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
  const report = async (reporter: TestClient, body: Record<string, unknown>) => {
    const res = await reporter.post('/api/reports', { reason: 'Looks fake', ...body });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('answers 401 to a visitor and 403 to a member on every admin route it adds', async () => {
    const visitor = new TestClient(testApp().app);
    const plain = await member();
    const other = await member();
    const routes: Array<[method: 'get' | 'post', url: string, body?: unknown]> = [
      ['get', '/api/admin/reports'],
      ['post', '/api/admin/reports/1/resolve', { action: 'dismiss', note: 'x' }],
      ['post', `/api/admin/users/${other.user.id}/suspend`, { reason: 'x' }],
      ['post', `/api/admin/users/${other.user.id}/unsuspend`],
      ['get', '/api/admin/disputes/1/history'],
      ['get', '/api/admin/audit-log'],
    ];
    for (const [method, url, body] of routes) {
      const asVisitor = method === 'get' ? await visitor.get(url) : await visitor.post(url, body);
      expect(asVisitor.status, `${method} ${url} as visitor`).toBe(401);
      const asMember = method === 'get' ? await plain.get(url) : await plain.post(url, body);
      expect(asMember.status, `${method} ${url} as member`).toBe(403);
      expect(asMember.body.code).toBe('FORBIDDEN');
    }
    expect((await plain.get('/api/auth/user')).status).toBe(200);
  });

  it('lists open reports oldest first with the reported content, a page at a time', async () => {
    const { ctx } = testApp();
    const admin = await member('admin');
    const ann = await member();
    const ben = await member();
    const pair = await buildSneaker(ctx, { userId: ben.user.id, name: 'Dunk Low Panda', imageUrl: '/uploads/panda.webp' });
    const trade = await buildTrade(ctx, {
      proposerId: ann.user.id,
      receiverId: ben.user.id,
      proposerSneakerIds: [pair.id],
      receiverSneakerIds: [pair.id],
    });
    const chat = [];
    for (const [sender, content] of [
      [ann, 'hi'],
      [ben, 'hello'],
      [ben, 'you are an idiot'],
      [ann, 'rude'],
      [ben, 'bye'],
    ] as const) {
      const [row] = await ctx.db.insert(messages).values({ tradeId: trade.id, senderId: sender.user.id, content }).returning();
      chat.push(row!);
    }
    const ids = [
      await report(ann, { kind: 'member', targetId: ben.user.id }),
      await report(ann, { kind: 'listing', targetId: pair.id }),
      await report(ann, { kind: 'message', targetId: chat[2]!.id }),
    ];

    const first = await admin.get('/api/admin/reports?limit=2');
    expect(first.status).toBe(200);
    const mine = (items: AdminReport[]) => items.filter((r) => ids.includes(r.id));
    const all: AdminReport[] = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await admin.get(`/api/admin/reports?limit=2&cursor=${cursor}`);
      all.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(all.map((r: { id: number }) => r.id)).toEqual([...all.map((r: { id: number }) => r.id)].sort((a, b) => a - b));
    const [memberReport, listingReport, messageReport] = mine(all);
    expect(memberReport).toMatchObject({
      kind: 'member',
      reason: 'Looks fake',
      reporter: { id: ann.user.id },
      reportedMember: { id: ben.user.id, username: ben.user.username, suspendedAt: null },
    });
    expect(listingReport).toMatchObject({
      listing: { id: pair.id, name: 'Dunk Low Panda', imageUrl: '/uploads/panda.webp', isAvailableForTrade: true },
      reportedMember: { id: ben.user.id },
    });
    expect(messageReport!.message!.reported).toMatchObject({ content: 'you are an idiot', senderId: ben.user.id, senderName: ben.user.username });
    expect(messageReport!.message!.context.map((m: { content: string }) => m.content)).toEqual(['hi', 'hello', 'you are an idiot', 'rude', 'bye']);
    // The e-mail stays private even in the queue.
    expect(JSON.stringify(all)).not.toContain('@example.com');

    expect((await admin.get('/api/admin/reports?cursor=abc')).status).toBe(400);
    expect((await admin.get('/api/admin/reports?limit=500')).status).toBe(400);
  });

  it('dismisses a report with a note, once: a second resolution answers 409', async () => {
    const admin = await member('admin');
    const cat = await member();
    const dan = await member();
    const id = await report(cat, { kind: 'member', targetId: dan.user.id });
    const res = await admin.post(`/api/admin/reports/${id}/resolve`, { action: 'dismiss', note: '  Just a bad trade, no abuse  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'dismissed', resolutionAction: 'dismiss', resolutionNote: 'Just a bad trade, no abuse' });
    const queue = await admin.get('/api/admin/reports?limit=50');
    expect(queue.body.items.map((r: { id: number }) => r.id)).not.toContain(id);
    const again = await admin.post(`/api/admin/reports/${id}/resolve`, { action: 'suspend-member', note: 'changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect((await admin.get(`/api/users/${dan.user.id}`)).status).toBe(200);
    const rows = await audit(String(id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: admin.user.id,
      action: 'resolve-report',
      targetType: 'report',
      note: 'dismiss: Just a bad trade, no abuse',
    });
  });

  it('hides a reported listing and closes every open report of it', async () => {
    const { ctx } = testApp();
    const admin = await member('admin');
    const eve = await member();
    const fay = await member();
    const owner = await member();
    const pair = await buildSneaker(ctx, { userId: owner.user.id });
    const first = await report(eve, { kind: 'listing', targetId: pair.id });
    const second = await report(fay, { kind: 'listing', targetId: pair.id });
    const res = await admin.post(`/api/admin/reports/${first}/resolve`, { action: 'hide-listing', note: 'Counterfeit photos' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', resolutionAction: 'hide-listing', listing: { id: pair.id, isAvailableForTrade: false } });
    const [stored] = await ctx.db.select().from(sneakers).where(eq(sneakers.id, pair.id));
    expect(stored!.isAvailableForTrade).toBe(false);
    // Gone from the public list and pages, and not tradeable.
    expect((await new TestClient(testApp().app).get(`/api/sneakers/${pair.id}`)).status).toBe(404);
    const [other] = await ctx.db.select().from(reports).where(eq(reports.id, second));
    expect(other).toMatchObject({ status: 'resolved', resolutionAction: 'hide-listing', resolvedById: admin.user.id });
    expect((await audit(String(pair.id))).map((r) => [r.action, r.targetType, r.note])).toEqual([['hide-listing', 'listing', 'Counterfeit photos']]);
  });

  it('suspends the member behind a report, and refuses actions that do not fit the report or lack a note', async () => {
    const admin = await member('admin');
    const gus = await member();
    const hal = await member();
    const memberReport = await report(gus, { kind: 'member', targetId: hal.user.id });
    const bad = [
      { action: 'hide-listing', note: 'x' },
      { action: 'dismiss', note: '   ' },
      { action: 'dismiss' },
      { action: 'dismiss', note: 'x'.repeat(ADMIN_NOTE_MAX + 1) },
      { action: 'ban', note: 'x' },
      { action: 'dismiss', note: 'x', extra: true },
    ];
    for (const body of bad) {
      const res = await admin.post(`/api/admin/reports/${memberReport}/resolve`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.post('/api/admin/reports/99999999/resolve', { action: 'dismiss', note: 'x' })).status).toBe(404);
    expect((await admin.post('/api/admin/reports/abc/resolve', { action: 'dismiss', note: 'x' })).status).toBe(404);

    const res = await admin.post(`/api/admin/reports/${memberReport}/resolve`, { action: 'suspend-member', note: 'Scams members' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', reportedMember: { id: hal.user.id, suspendedReason: 'Scams members' } });
    expect(res.body.reportedMember.suspendedAt).toEqual(expect.any(String));
    expect((await hal.get('/api/auth/user')).status).toBe(401);
    expect((await audit(hal.user.id)).map((r) => [r.action, r.note])).toEqual([['suspend-member', 'Scams members']]);

    // A report about the admin themselves cannot suspend the admin.
    const selfReport = await report(gus, { kind: 'member', targetId: admin.user.id });
    expect((await admin.post(`/api/admin/reports/${selfReport}/resolve`, { action: 'suspend-member', note: 'me' })).status).toBe(400);
  });
});
