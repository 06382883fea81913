import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE, SUSPENSION_DISPUTE_REASON } from '@soleswap/contracts/moderation';
import { adminAuditLog, earlySignups, sessions, tradeEvents, trades } from '../../db/schema/index';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';
import { signInUser } from '../users/sign-in-user';

describe('suspending a member', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let n = 0;
  const admin = () => {
    n += 1;
    return signIn(testApp().app, { email: `mod-${n}@example.com`, username: `mod${n}`, role: 'admin' });
  };
  const auditOf = (targetId: string) => testApp().ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
  const tradeRow = async (id: number) => (await testApp().ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;

  it('ends their session at once and refuses every later sign-in until lifted', async () => {
    const { app, ctx } = testApp();
    const boss = await admin();
    const ivy = await signIn(app, { email: 'ivy@example.com', username: 'ivy' });
    const ivyOnPhone = await signIn(app, { email: 'ivy@example.com' });
    expect((await ivy.get('/api/auth/user')).status).toBe(200);

    const res = await boss.post(`/api/admin/users/${ivy.user.id}/suspend`, { reason: 'Harassment' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: ivy.user.id, suspendedReason: 'Harassment' });

    // The very next request of each of her sessions is signed out, and the rows are gone.
    for (const client of [ivy, ivyOnPhone]) {
      const after = await client.get('/api/auth/user');
      expect(after.status).toBe(401);
      expect((await client.post('/api/reports', { kind: 'member', targetId: boss.user.id, reason: 'x' })).status).toBe(401);
    }
    const left = await ctx.db.select().from(sessions);
    expect(left.filter((s) => (s.sess as { userId?: string }).userId === ivy.user.id)).toEqual([]);

    // The development login refuses too, with the reason a person can read.
    const again = await new TestClient(app).post('/api/debug/force-auth', { email: 'ivy@example.com' });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });

    const lifted = await boss.post(`/api/admin/users/${ivy.user.id}/unsuspend`);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ suspendedAt: null, suspendedReason: null });
    const back = await signIn(app, { email: 'ivy@example.com' });
    expect((await back.get('/api/auth/user')).body.id).toBe(ivy.user.id);

    expect((await auditOf(ivy.user.id)).map((r) => [r.adminId, r.action, r.targetType, r.note])).toEqual([
      [boss.user.id, 'suspend-member', 'member', 'Harassment'],
      [boss.user.id, 'unsuspend-member', 'member', 'Was suspended for: Harassment'],
    ]);
  });

  it('refuses the real sign-in of a suspended member, and no session survives even one left in the table', async () => {
    const { app, ctx } = testApp();
    const boss = await admin();
    const claims = { issuer: 'https://idp.test', subject: 'sub-jay', email: 'jay@example.com', emailVerified: true, username: 'jay' };
    const jay = await signInUser(ctx, claims);
    const jayClient = await signIn(app, { email: 'jay@example.com' });
    const jaySessions = async () => (await ctx.db.select().from(sessions)).filter((s) => (s.sess as { userId?: string }).userId === jay.id);
    const held = await jaySessions();
    expect(held).toHaveLength(1);
    await boss.post(`/api/admin/users/${jay.id}/suspend`, { reason: 'Spam' });
    await expect(signInUser(ctx, claims)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
    // Her session row put back, as a request racing the suspension might have saved it: still refused.
    expect(await jaySessions()).toEqual([]);
    await ctx.db.insert(sessions).values(held);
    expect((await jayClient.get('/api/auth/user')).status).toBe(401);

    await boss.post(`/api/admin/users/${jay.id}/unsuspend`);
    expect((await signInUser(ctx, claims)).id).toBe(jay.id);
  });

  it('cancels their pending proposals both ways and sends their accepted trades to the dispute queue', async () => {
    const t = testApp();
    const boss = await admin();
    const kim = await memberWithSneakers(t, 'kim', 3);
    const lou = await memberWithSneakers(t, 'lou', 3);
    const max = await memberWithSneakers(t, 'max', 2);
    const sent = (await kim.post('/api/trades', proposal(kim, lou, { give: [kim.sneakers[0]!.id], take: [lou.sneakers[0]!.id] }))).body.id as number;
    const received = (await max.post('/api/trades', proposal(max, kim, { give: [max.sneakers[0]!.id], take: [kim.sneakers[1]!.id] }))).body
      .id as number;
    const accepted = (await lou.post('/api/trades', proposal(lou, kim, { give: [lou.sneakers[1]!.id], take: [kim.sneakers[2]!.id] }))).body
      .id as number;
    expect((await kim.post(`/api/trades/${accepted}/accept`)).status).toBe(200);
    await chooseShipTos(accepted, kim);
    const louParcel = shipBody();
    expect((await lou.post(`/api/trades/${accepted}/ship`, louParcel)).status).toBe(200);
    const untouched = (await lou.post('/api/trades', proposal(lou, max, { give: [lou.sneakers[2]!.id], take: [max.sneakers[1]!.id] }))).body
      .id as number;

    const res = await boss.post(`/api/admin/users/${kim.user.id}/suspend`, { reason: 'Sends empty boxes' });
    expect(res.status).toBe(200);
    expect(res.body.cancelledTradeIds.sort()).toEqual([sent, received].sort());
    expect(res.body.disputedTradeIds).toEqual([accepted]);

    expect((await tradeRow(sent)).status).toBe('cancelled');
    expect((await tradeRow(received)).status).toBe('cancelled');
    expect((await tradeRow(untouched)).status).toBe('pending');
    const disputed = await tradeRow(accepted);
    expect(disputed).toMatchObject({ status: 'disputed', escrowStatus: 'locked', disputeReason: SUSPENSION_DISPUTE_REASON, disputedById: null });
    const events = await t.ctx.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, accepted));
    expect(events.at(-1)).toMatchObject({ action: 'dispute', actorId: null, toStatus: 'disputed' });

    // The admins see it in the queue, with its history, and settle it; the ruling is audited.
    const queue = await boss.get('/api/admin/disputes');
    expect(queue.body.map((d: { id: number }) => d.id)).toContain(accepted);
    const history = await boss.get(`/api/admin/disputes/${accepted}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e: { action: string }) => e.action)).toEqual(['propose', 'accept', 'ship', 'dispute']);
    expect(history.body[2]).toMatchObject({
      actorId: lou.user.id,
      actorName: lou.user.username,
      data: { trackingNumber: louParcel.trackingNumber, carrier: 'ups' },
    });
    expect((await boss.get(`/api/admin/disputes/${untouched}/history`)).status).toBe(404);
    const ruled = await boss.post(`/api/trades/${accepted}/resolve`, { outcome: 'cancelled', note: 'Refund both' });
    expect(ruled.status).toBe(200);
    expect((await tradeRow(accepted)).status).toBe('cancelled');
    expect((await auditOf(String(accepted))).map((r) => [r.action, r.targetType, r.note])).toEqual([
      ['resolve-dispute', 'trade', 'cancelled: Refund both'],
    ]);
  });

  it('refuses an admin suspending themselves, unknown members and a missing reason', async () => {
    const boss = await admin();
    const other = await signIn(testApp().app, { email: 'nat@example.com' });
    expect((await boss.post(`/api/admin/users/${boss.user.id}/suspend`, { reason: 'testing' })).status).toBe(400);
    expect((await boss.get('/api/auth/user')).status).toBe(200);
    expect((await boss.post('/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', { reason: 'x' })).status).toBe(404);
    expect((await boss.post('/api/admin/users/not-a-uuid/unsuspend')).status).toBe(404);
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      expect((await boss.post(`/api/admin/users/${other.user.id}/suspend`, body)).status).toBe(400);
    }
    expect((await other.get('/api/auth/user')).status).toBe(200);
  });

  it('writes the library seeding and signups marked notified to the audit log, read newest first a page at a time', async () => {
    const { ctx } = testApp();
    const boss = await admin();
    expect((await boss.post('/api/admin/seed-sneakers')).status).toBe(200);
    const [signup] = await ctx.db.insert(earlySignups).values({ name: 'Olive', email: 'olive@example.com', source: 'coming_soon' }).returning();
    expect((await boss.post(`/api/admin/early-signups/${signup!.id}/notified`)).status).toBe(200);

    const page1 = await boss.get('/api/admin/audit-log?limit=1');
    expect(page1.status).toBe(200);
    expect(page1.body.items).toEqual([
      expect.objectContaining({
        action: 'mark-signup-notified',
        targetType: 'signup',
        targetId: String(signup!.id),
        admin: { id: boss.user.id, username: boss.user.username },
      }),
    ]);
    const page2 = await boss.get(`/api/admin/audit-log?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items).toEqual([expect.objectContaining({ action: 'seed-library', targetType: 'catalog', targetId: null })]);
    expect(page2.body.items[0].note).toMatch(/releases in the library/);
  });
});
