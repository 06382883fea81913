import { describe, expect, it } from 'vitest';
import type { PushMessage } from '@soleswap/contracts/push';
import { runNextJob } from '../../jobs/job-worker';
import { JOB_HANDLERS } from '../register-jobs';
import { signIn, useTestApp } from '../../../test/test-app';
import { createNotifications } from '../notifications/create-notifications';
import { ANNOUNCE_JOB } from '../notifications/announce-notifications';
import { HELD_PUSH_JOB } from './push-delivery';

let sequence = 0;
const subscription = () => ({
  endpoint: `https://push.example.test/quiet/${++sequence}-${Date.now()}`,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  expirationTime: null,
});

/**
 * Issue #45, quiet hours (docs/rules/offline-and-push.md#quiet-hours): inside the member's quiet
 * hours, in their time zone, a push is held and sent when they end; deadline reminders are not held;
 * the bell has every notice at once.
 */
describe('quiet hours', () => {
  const testApp = useTestApp();
  const member = (name: string) => {
    const tag = `${++sequence}${Date.now() % 100000}`;
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}${tag}` });
  };
  const fakeService = () => {
    const sent: PushMessage[] = [];
    testApp().app.push.useSender(async (_target, message) => {
      sent.push(message);
      return 'sent';
    });
    return sent;
  };
  const runJobs = async () => {
    const { ctx } = testApp();
    const handlers = { [ANNOUNCE_JOB]: JOB_HANDLERS[ANNOUNCE_JOB]!, [HELD_PUSH_JOB]: JOB_HANDLERS[HELD_PUSH_JOB]! };
    for (let round = 0; round < 3; round++) {
      while (await runNextJob(ctx, { handlers, recurring: [] }));
      await ctx.events.idle();
    }
  };
  const at = (iso: string) => {
    testApp().ctx.now = () => new Date(iso);
  };

  it('holds a push inside quiet hours until they end, sends deadline reminders at once, and leaves the bell as it is', async () => {
    const realNow = testApp().ctx.now;
    try {
      const sent = fakeService();
      const ann = await member('ann');
      await ann.post('/api/push/subscriptions', subscription());
      const saved = await ann.put('/api/push/preferences', { quietHours: { startHour: 22, endHour: 7, timeZone: 'Europe/Paris' } });
      expect(saved.status).toBe(200);
      expect(saved.body.quietHours).toEqual({ startHour: 22, endHour: 7, timeZone: 'Europe/Paris' });
      // Kinds left out keep theirs, quiet hours left out are kept.
      expect((await ann.put('/api/push/preferences', { kinds: { 'message.created': false } })).body.quietHours).toEqual(saved.body.quietHours);

      // 23:30 UTC in November is 00:30 in Paris: inside.
      at('2026-11-29T23:30:00Z');
      await createNotifications(testApp().ctx, [
        { userId: ann.user.id, kind: 'trade.proposed', payload: { tradeId: 31, actorName: 'sam' } },
        { userId: ann.user.id, kind: 'trade.deadline-near', payload: { tradeId: 32 } },
      ]);
      await runJobs();
      expect(sent.map((m) => m.url)).toEqual(['/trades?trade=32']);
      expect((await ann.get('/api/notifications')).body.items).toHaveLength(2);

      // 05:59 UTC is 06:59 in Paris: still held.
      at('2026-11-30T05:59:00Z');
      await runJobs();
      expect(sent).toHaveLength(1);
      // 07:00 in Paris: sent.
      at('2026-11-30T06:00:00Z');
      await runJobs();
      expect(sent.map((m) => m.url)).toEqual(['/trades?trade=32', '/trades?trade=31']);

      // Outside quiet hours a push goes at once; cleared quiet hours hold nothing.
      at('2026-11-30T12:00:00Z');
      await createNotifications(testApp().ctx, [{ userId: ann.user.id, kind: 'trade.accepted', payload: { tradeId: 33, actorName: 'sam' } }]);
      await runJobs();
      expect(sent).toHaveLength(3);
      expect((await ann.put('/api/push/preferences', { quietHours: null })).body.quietHours).toBeNull();
      at('2026-11-30T23:00:00Z');
      await createNotifications(testApp().ctx, [{ userId: ann.user.id, kind: 'trade.accepted', payload: { tradeId: 34, actorName: 'sam' } }]);
      await runJobs();
      expect(sent).toHaveLength(4);
    } finally {
      testApp().ctx.now = realNow;
    }
  });

  it('refuses quiet hours it cannot read, naming the field', async () => {
    const bo = await member('bo');
    const unknownZone = await bo.put('/api/push/preferences', { quietHours: { startHour: 22, endHour: 7, timeZone: 'Mars/Olympus' } });
    expect(unknownZone.status).toBe(400);
    expect(Object.keys(unknownZone.body.fields)).toEqual(['quietHours.timeZone']);
    const empty = await bo.put('/api/push/preferences', { quietHours: { startHour: 7, endHour: 7, timeZone: 'UTC' } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields)).toEqual(['quietHours.endHour']);
    expect((await bo.put('/api/push/preferences', { quietHours: { startHour: 24, endHour: 7, timeZone: 'UTC' } })).status).toBe(400);
    expect((await bo.get('/api/push/preferences')).body.quietHours).toBeNull();
  });
});
