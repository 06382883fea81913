import { HOUR_MS } from '@soleswap/contracts/time';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { signIn, useTestApp } from '../../../test/test-app';
import { notificationsOf } from './notifications.int-helpers';
import { notifyShipDeadlines } from './notify-ship-deadlines';

/**
 * Issue #45, deadline reminders (docs/rules/offline-and-push.md#deadline-reminders): "ship by
 * tomorrow", "your proposal expires in 6 hours", "the receive window closes tomorrow", each sent
 * once per trade, member and kind however often the job runs, and kept in the bell even for a
 * member who switched the kind off.
 */
describe('deadline reminders', () => {
  const testApp = useTestApp();

  async function twoMembers() {
    const { ctx } = testApp();
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    const trade = async (overrides: Partial<Parameters<typeof buildTrade>[1]>) =>
      buildTrade(ctx, {
        proposerId: a.id,
        receiverId: b.id,
        proposerSneakerIds: [(await buildSneaker(ctx, { userId: a.id })).id],
        receiverSneakerIds: [(await buildSneaker(ctx, { userId: b.id })).id],
        ...overrides,
      });
    return { a, b, trade };
  }
  const remindersOf = async (ids: string[]) =>
    (await testApp().ctx.db.select().from(notifications).where(inArray(notifications.userId, ids)))
      .map((r) => [r.userId, r.kind, (r.payload as { tradeId: number }).tradeId])
      .sort((x, y) => String(x).localeCompare(String(y)));

  it('reminds the receiver of a proposal that expires within 6 hours, once, and not of one further off', async () => {
    const { ctx } = testApp();
    const { a, b, trade } = await twoMembers();
    const soon = await trade({ status: 'pending', expiresAt: new Date(ctx.now().getTime() + 5 * HOUR_MS) });
    await trade({ status: 'pending', expiresAt: new Date(ctx.now().getTime() + 7 * HOUR_MS) });
    await notifyShipDeadlines(ctx);
    await notifyShipDeadlines(ctx);
    expect(await remindersOf([a.id, b.id])).toEqual([[b.id, 'trade.proposal-expiring', soon.id]]);
  });

  it('reminds each side that has not confirmed its pair arrived a day before its receive window closes, once', async () => {
    const { ctx } = testApp();
    const { a, b, trade } = await twoMembers();
    const inDay = new Date(ctx.now().getTime() + 20 * HOUR_MS);
    const t = await trade({
      status: 'accepted',
      proposerShippedAt: ctx.now(),
      receiverShippedAt: ctx.now(),
      proposerReceiveBy: inDay,
      receiverReceiveBy: inDay,
      // The receiver confirmed already: only the proposer is reminded.
      receiverReceivedAt: ctx.now(),
    });
    await trade({
      status: 'accepted',
      proposerShippedAt: ctx.now(),
      receiverShippedAt: ctx.now(),
      proposerReceiveBy: new Date(ctx.now().getTime() + 30 * HOUR_MS),
    });
    await Promise.all([notifyShipDeadlines(ctx), notifyShipDeadlines(ctx)]);
    await notifyShipDeadlines(ctx);
    expect(await remindersOf([a.id, b.id])).toEqual([[a.id, 'trade.receive-closing', t.id]]);
  });

  it('keeps the reminders in the bell of a member who switched them off, and tells them in words', async () => {
    const { ctx, app } = testApp();
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await signIn(app, { email: `remind-${tag}@example.com`, username: `remind-${tag}` });
    const switchedOff = await ann.put('/api/notifications/preferences', { kinds: { 'trade.deadline-near': false, 'trade.receive-closing': false } });
    expect(switchedOff.status).toBe(200);
    expect(switchedOff.body.kinds['trade.deadline-near']).toBe(true);
    const b = await buildUser(ctx);
    const t = await buildTrade(ctx, {
      proposerId: ann.user.id,
      receiverId: b.id,
      proposerSneakerIds: [(await buildSneaker(ctx, { userId: ann.user.id })).id],
      receiverSneakerIds: [(await buildSneaker(ctx, { userId: b.id })).id],
      status: 'accepted',
      shipBy: new Date(ctx.now().getTime() + 10 * HOUR_MS),
    });
    await notifyShipDeadlines(ctx);
    expect((await notificationsOf(testApp(), ann)).items.map((n) => n.text)).toEqual([`Ship your side of trade #${t.id} within 24 hours`]);
  });
});
