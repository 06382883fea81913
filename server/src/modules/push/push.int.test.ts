import { describe, expect, it } from 'vitest';
import type { PushMessage } from '@soleswap/contracts/push';
import { runNextJob } from '../../jobs/job-worker';
import { JOB_HANDLERS } from '../register-jobs';
import { TEST_ORIGIN, signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { createNotifications } from '../notifications/create-notifications';
import { ANNOUNCE_JOB } from '../notifications/announce-notifications';
import type { PushOutcome, PushTarget } from './push-sender';

let sequence = 0;
/** A browser's subscription as PushSubscription.toJSON() gives it, with its own endpoint. */
const subscription = (endpoint = `https://push.example.test/send/${++sequence}-${Date.now()}`) => ({
  endpoint,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  expirationTime: null,
});

describe('Web Push', () => {
  const testApp = useTestApp();
  const member = (name: string) => {
    const tag = `${++sequence}${Date.now() % 100000}`;
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}${tag}` });
  };
  /** A push service that records what it got and answers `outcome` (per endpoint). */
  const fakeService = (outcome: (target: PushTarget) => PushOutcome = () => 'sent') => {
    const sent: Array<{ endpoint: string; message: PushMessage }> = [];
    testApp().app.push.useSender(async (target, message) => {
      sent.push({ endpoint: target.endpoint, message });
      return outcome(target);
    });
    return sent;
  };
  /** What the instance's job worker does with the queued announcements, then the listeners. */
  const announce = async () => {
    const { ctx } = testApp();
    while (await runNextJob(ctx, { handlers: { [ANNOUNCE_JOB]: JOB_HANDLERS[ANNOUNCE_JOB]! }, recurring: [] }));
    await ctx.events.idle();
  };
  const notifyTrade = (userId: string, tradeId: number) =>
    createNotifications(testApp().ctx, [{ userId, kind: 'trade.proposed', payload: { tradeId, actorName: 'sam' } }]);
  const unsubscribe = (client: TestClient, endpoint: string) => client.request('DELETE', '/api/push/subscriptions', { endpoint });

  it('hands a member the VAPID public key, and a bell notification goes to their subscribed device with its text and the trade to open', async () => {
    const sent = fakeService();
    const ann = await member('ann');
    const key = await ann.get('/api/push/public-key');
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,100}$/);
    const device = subscription();
    expect((await ann.post('/api/push/subscriptions', device)).status).toBe(201);
    // Subscribing again (a retry, a page reload) keeps one subscription: one push per notice.
    expect((await ann.post('/api/push/subscriptions', device)).status).toBe(201);

    await notifyTrade(ann.user.id, 4242);
    await announce();
    expect(sent).toEqual([
      {
        endpoint: device.endpoint,
        message: expect.objectContaining({ title: 'New trade proposals', url: '/trades?trade=4242', body: expect.stringContaining('sam') }),
      },
    ]);
  });

  it('sends nothing for a notice nobody stored (a kind the member switched off)', async () => {
    const sent = fakeService();
    const bo = await member('bo');
    await bo.post('/api/push/subscriptions', subscription());
    await bo.put('/api/notifications/preferences', { kinds: { 'trade.proposed': false } });
    await notifyTrade(bo.user.id, 7);
    await announce();
    expect(sent).toEqual([]);
  });

  it('does not push a kind the member switched off for push, which stays in the bell; other kinds still push', async () => {
    const sent = fakeService();
    const ivy = await member('ivy');
    await ivy.post('/api/push/subscriptions', subscription());
    const saved = await ivy.put('/api/push/preferences', { kinds: { 'trade.proposed': false } });
    expect(saved.status).toBe(200);
    expect(saved.body.kinds).toMatchObject({ 'trade.proposed': false, 'message.created': true });
    expect((await ivy.get('/api/push/preferences')).body.kinds['trade.proposed']).toBe(false);

    await notifyTrade(ivy.user.id, 11);
    await createNotifications(testApp().ctx, [{ userId: ivy.user.id, kind: 'trade.accepted', payload: { tradeId: 11, actorName: 'sam' } }]);
    await announce();
    expect(sent.map((s) => s.message.url)).toEqual(['/trades?trade=11']);
    expect(sent.map((s) => s.message.title)).toEqual(['A trade was accepted']);
    const bell = await ivy.get('/api/notifications');
    expect(bell.body.items.map((n: { kind: string }) => n.kind).sort()).toEqual(['trade.accepted', 'trade.proposed']);

    expect((await ivy.put('/api/push/preferences', { kinds: { 'not.a-kind': false } })).status).toBe(400);
  });

  it('forgets a subscription the push service says is gone (410), and keeps one that failed otherwise', async () => {
    const cy = await member('cy');
    const gone = subscription();
    const down = subscription();
    await cy.post('/api/push/subscriptions', gone);
    await cy.post('/api/push/subscriptions', down);
    fakeService((target) => (target.endpoint === gone.endpoint ? 'gone' : 'failed'));
    await notifyTrade(cy.user.id, 1);
    await announce();

    const sent = fakeService();
    await notifyTrade(cy.user.id, 2);
    await announce();
    expect(sent.map((s) => s.endpoint)).toEqual([down.endpoint]);
  });

  it("signing out stops that session's subscriptions, not the member's other devices", async () => {
    const dee = await member('dee');
    const phone = await signIn(testApp().app, { email: dee.user.email });
    const laptopDevice = subscription();
    const phoneDevice = subscription();
    await dee.post('/api/push/subscriptions', laptopDevice);
    await phone.post('/api/push/subscriptions', phoneDevice);
    expect((await dee.post('/api/logout', undefined, { origin: TEST_ORIGIN })).status).toBeLessThan(400);
    await testApp().ctx.events.idle();

    const sent = fakeService();
    await notifyTrade(dee.user.id, 3);
    await announce();
    expect(sent.map((s) => s.endpoint)).toEqual([phoneDevice.endpoint]);
  });

  it('another member cannot remove my subscription; I can remove mine', async () => {
    const eve = await member('eve');
    const mallory = await member('mallory');
    const device = subscription();
    await eve.post('/api/push/subscriptions', device);
    expect((await unsubscribe(mallory, device.endpoint)).body).toEqual({ removed: false });

    let sent = fakeService();
    await notifyTrade(eve.user.id, 5);
    await announce();
    expect(sent.map((s) => s.endpoint)).toEqual([device.endpoint]);

    expect((await unsubscribe(eve, device.endpoint)).body).toEqual({ removed: true });
    sent = fakeService();
    await notifyTrade(eve.user.id, 6);
    await announce();
    expect(sent).toEqual([]);
  });

  it("tells a member whether this browser's alerts are on for them: not once they signed out of the session that turned them on, nor for another member", async () => {
    const gil = await member('gil');
    const device = subscription();
    const status = (client: TestClient) => client.get(`/api/push/subscriptions/status?endpoint=${encodeURIComponent(device.endpoint)}`);
    expect((await status(gil)).body).toEqual({ subscribed: false });
    await gil.post('/api/push/subscriptions', device);
    expect((await status(gil)).body).toEqual({ subscribed: true });
    expect((await status(await member('hal'))).body).toEqual({ subscribed: false });

    // The same browser, signed in again after signing out: the old session's subscription went with it.
    await gil.post('/api/logout', undefined, { origin: TEST_ORIGIN });
    await testApp().ctx.events.idle();
    const again = await signIn(testApp().app, { email: gil.user.email });
    expect((await status(again)).body).toEqual({ subscribed: false });
    expect((await again.get('/api/push/subscriptions/status?endpoint=not-a-url')).status).toBe(400);
  });

  it('refuses bad bodies with 400 and the field, and visitors with 401', async () => {
    const fay = await member('fay');
    for (const body of [
      {},
      { endpoint: 'not a url', keys: subscription().keys },
      { endpoint: 'ftp://push.example.test/x', keys: subscription().keys },
      { endpoint: subscription().endpoint },
      { endpoint: subscription().endpoint, keys: { p256dh: 'has spaces !', auth: 'x' } },
      { endpoint: `https://push.example.test/${'x'.repeat(3000)}`, keys: subscription().keys },
    ]) {
      const res = await fay.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await fay.request('DELETE', '/api/push/subscriptions', { endpoint: 42 })).status).toBe(400);
    const visitor = await member('visitor');
    await visitor.post('/api/logout', undefined, { origin: TEST_ORIGIN });
    expect((await visitor.post('/api/push/subscriptions', subscription())).status).toBe(401);
  });
});
