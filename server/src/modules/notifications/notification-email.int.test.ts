import { describe, expect, it } from 'vitest';
import { runNextJob } from '../../jobs/job-worker';
import { DEV_MAILBOX_PATH } from '../identity/dev-mailbox';
import { sendQueuedMail } from '../identity/test-mail-queue';
import { JOB_HANDLERS } from '../register-jobs';
import { buildUser } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { ANNOUNCE_JOB, announceNotifications } from './announce-notifications';
import { createNotifications } from './create-notifications';
import { sendWantAlertDigests } from './want-alert-digest';

/**
 * Issue #45, e-mail per kind of notice (docs/rules/offline-and-push.md#channels): a committed notice
 * whose kind the member gets by e-mail is e-mailed once; a kind switched off is not; deadline
 * reminders always are; a retried announce job sends nothing twice; a suspended member gets none.
 */
describe('e-mail per kind of notice', () => {
  const testApp = useTestApp();
  let sequence = 0;
  const member = (name: string) => {
    const tag = `${++sequence}${Date.now() % 100000}`;
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}${tag}` });
  };
  /** What the instance's job worker does: the announce jobs, then the queued mail. */
  const deliver = async () => {
    const { ctx } = testApp();
    while (await runNextJob(ctx, { handlers: { [ANNOUNCE_JOB]: JOB_HANDLERS[ANNOUNCE_JOB]! }, recurring: [] }));
    await ctx.events.idle();
    await sendQueuedMail(ctx);
  };
  const mailsTo = async (to: string): Promise<Array<{ subject: string; text: string }>> =>
    ((await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails as Array<{ to: string; subject: string; text: string }>)
      .filter((m) => m.to === to)
      .map(({ subject, text }) => ({ subject, text }));

  it('e-mails a kind switched on, not one switched off, a deadline reminder even when switched off, and each once when the job retries', async () => {
    const { ctx } = testApp();
    const ann = await member('ann');
    const saved = await ann.put('/api/notifications/preferences', {
      email: { 'trade.proposed': false, 'message.created': true, 'trade.deadline-near': false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toMatchObject({
      'trade.proposed': false,
      'trade.accepted': true,
      'message.created': true,
      'match.found': false,
      // Not switchable: shown on.
      'trade.deadline-near': true,
    });
    // The bell is left as it was.
    expect(saved.body.kinds['trade.proposed']).toBe(true);
    expect((await ann.get('/api/notifications/preferences')).body.email['message.created']).toBe(true);

    const stored = await createNotifications(ctx, [
      { userId: ann.user.id, kind: 'trade.proposed', payload: { tradeId: 501, actorName: 'sam' } },
      { userId: ann.user.id, kind: 'trade.accepted', payload: { tradeId: 502, actorName: 'sam' } },
      { userId: ann.user.id, kind: 'message.created', payload: { tradeId: 503, actorName: 'sam' } },
      { userId: ann.user.id, kind: 'match.found', payload: { sneakerId: 1, sneakerName: 'Jordan 4' } },
      { userId: ann.user.id, kind: 'trade.deadline-near', payload: { tradeId: 504 } },
    ]);
    expect(stored).toHaveLength(5);
    await deliver();
    const mails = await mailsTo(ann.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      ['SoleSwap: A trade was accepted', 'SoleSwap: New messages', 'SoleSwap: Shipping deadline in 24 hours'].sort(),
    );
    expect(mails.find((m) => m.subject.includes('accepted'))!.text).toContain('/trades?trade=502');

    // The announce job run again (a retry after its worker died, a second instance): nothing twice.
    await announceNotifications(ctx, { ids: stored.map((n) => n.id) });
    await deliver();
    expect(await mailsTo(ann.user.email)).toHaveLength(3);
  });

  it('e-mails a suspended member nothing, and a member without choices gets the defaults', async () => {
    const { ctx } = testApp();
    const suspended = await buildUser(ctx, { suspendedAt: new Date(), suspendedReason: 'test' });
    const plain = await buildUser(ctx);
    await createNotifications(ctx, [
      { userId: suspended.id, kind: 'trade.accepted', payload: { tradeId: 601, actorName: 'sam' } },
      { userId: plain.id, kind: 'trade.accepted', payload: { tradeId: 602, actorName: 'sam' } },
      { userId: plain.id, kind: 'follow.created', payload: { actorName: 'sam' } },
    ]);
    await deliver();
    expect(await mailsTo(suspended.email!)).toEqual([]);
    expect((await mailsTo(plain.email!)).map((m) => m.subject)).toEqual(['SoleSwap: A trade was accepted']);
  });

  it('sends want alerts of a member who chose the daily digest in one e-mail, not at once, and not again on a rerun', async () => {
    const { ctx } = testApp();
    const ann = await member('digest');
    const saved = await ann.put('/api/notifications/preferences', { email: { 'want.alert': true }, wantAlerts: 'daily-digest' });
    expect(saved.status).toBe(200);
    expect(saved.body.wantAlerts).toBe('daily-digest');
    const other = await member('atonce');
    await other.put('/api/notifications/preferences', { email: { 'want.alert': true } });
    const alert = (userId: string, sneakerId: number, sneakerName: string) => ({
      userId,
      kind: 'want.alert' as const,
      payload: { sneakerId, sneakerName, value: '200.00' },
    });
    await createNotifications(ctx, [
      alert(ann.user.id, 701, 'Jordan 1 Chicago'),
      alert(ann.user.id, 702, 'Dunk Low Panda'),
      alert(other.user.id, 703, 'Yeezy 350'),
    ]);
    await deliver();
    // At once: only the member who kept "at once".
    expect(await mailsTo(ann.user.email)).toEqual([]);
    expect(await mailsTo(other.user.email)).toHaveLength(1);

    expect(await sendWantAlertDigests(ctx)).toBe(1);
    await sendWantAlertDigests(ctx);
    await deliver();
    const digests = await mailsTo(ann.user.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('SoleSwap: your daily want alerts (2)');
    expect(digests[0]!.text).toContain('Jordan 1 Chicago');
    expect(digests[0]!.text).toContain('Dunk Low Panda');
    // Another alert the same day waits for the next day's digest.
    await createNotifications(ctx, [alert(ann.user.id, 704, 'Air Max 1')]);
    await deliver();
    expect(await sendWantAlertDigests(ctx)).toBe(0);
    await deliver();
    expect(await mailsTo(ann.user.email)).toHaveLength(1);
    expect(await mailsTo(other.user.email)).toHaveLength(1);
  });

  it('refuses a choice that is not on or off, naming the field', async () => {
    const ann = await member('bad');
    const res = await ann.put('/api/notifications/preferences', { email: { 'trade.proposed': 'yes' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.fields)).toEqual(['email.trade.proposed']);
    const unknown = await ann.put('/api/notifications/preferences', { email: { 'no.such-kind': true } });
    expect(unknown.status).toBe(400);
    const digest = await ann.put('/api/notifications/preferences', { wantAlerts: 'weekly' });
    expect(digest.status).toBe(400);
    expect(Object.keys(digest.body.fields)).toEqual(['wantAlerts']);
  });
});
