import type { Trade } from '@soleswap/contracts/trades';
import { startPushService, type PushService } from '../scripts/push-service.mjs';
import { createSneaker, expect, newMember, test, uniqueToken } from './fixtures';

/*
 * Web Push end to end, in Chromium (docs/rules/offline-and-push.md, "Testing push").
 * Headless Chromium refuses PushManager.subscribe ("Registration failed - permission denied", even
 * with the permission granted) and its real push service (FCM) is out of reach here, so the browser's
 * push service is web-push-testing, running on this machine:
 * - the page's PushManager.subscribe is the one stand-in: it subscribes at web-push-testing with the
 *   key the page hands it, which keeps the subscription's private keys;
 * - the server sends with web-push and VAPID to that endpoint, as it would to FCM; web-push-testing
 *   checks the VAPID signature, decrypts the payload and keeps it;
 * - the test hands that decrypted payload to the real service worker as a push event (DevTools'
 *   ServiceWorker.deliverPushMessage), and reads the notification it showed.
 */

/** Where the page's stand-in keeps its subscription (see the top of this file). */
const SUBSCRIPTION_KEY = 'soleswap-e2e-push-subscription';

let pushService: PushService;

test.beforeAll(async () => {
  pushService = await startPushService();
});

test.afterAll(() => {
  pushService?.stop();
});

test('a member turns on phone and desktop alerts; a trade proposed to them arrives as a push, is shown by the service worker and opens the trade', async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const { context, page } = bob;
  await context.grantPermissions(['notifications']);

  // The push service stand-in: subscribing goes to web-push-testing (see the top of this file).
  await context.exposeBinding('subscribeAtPushService', async (_source, applicationServerKey: string) => {
    return pushService.subscribe(applicationServerKey);
  });
  await context.addInitScript((storageKey) => {
    type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
    const asSubscription = (stored: Stored | null) =>
      stored && {
        endpoint: stored.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(storageKey);
          return true;
        },
      };
    const toBase64Url = (key: BufferSource) =>
      btoa(String.fromCharCode(...new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscribe = (window as unknown as { subscribeAtPushService: (key: string) => Promise<Stored> }).subscribeAtPushService;
    Object.assign(PushManager.prototype, {
      async getSubscription() {
        return asSubscription(JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Stored | null);
      },
      async subscribe(options: PushSubscriptionOptionsInit) {
        const stored = await subscribe(toBase64Url(options.applicationServerKey as BufferSource));
        localStorage.setItem(storageKey, JSON.stringify(stored));
        return asSubscription(stored);
      },
    });
  }, SUBSCRIPTION_KEY);

  // The app's service worker runs (it is registered at load) before the settings page asks for it.
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto('/settings/notifications');
  const alerts = page.getByRole('switch', { name: 'Phone and desktop alerts' });
  await expect(page.getByText(/Off on this device/)).toBeVisible();
  await alerts.click();
  await expect(page.getByText(/On: your notices also reach this device/)).toBeVisible();
  await expect(alerts).toHaveAttribute('aria-checked', 'true');

  // The subscription reached the server, for Bob.
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SUBSCRIPTION_KEY)) ?? 'null') as {
    endpoint: string;
    clientHash: string;
  };
  expect(stored.endpoint).toContain(`${pushService.url}/notify/`);
  const status = await page.request.get(`/api/push/subscriptions/status?endpoint=${encodeURIComponent(stored.endpoint)}`);
  expect(await status.json()).toEqual({ subscribed: true });
  await page.reload();
  await expect(page.getByText(/On: your notices also reach this device/)).toBeVisible();

  // Alice proposes a trade to Bob: the server pushes it to his subscription through the push service.
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}` });
  const bobPair = await createSneaker(page, { name: `Bob Jordan ${token}`, brand: 'Jordan', model: 'Jordan 4' });
  const res = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const trade = (await res.json()) as Trade;

  await expect.poll(() => pushService.received(stored.clientHash).then((m) => m.length)).toBe(1);
  const [payload] = await pushService.received(stored.clientHash);
  expect(JSON.parse(payload!)).toMatchObject({ title: 'New trade proposals', url: `/trades?trade=${trade.id}` });

  // The push, as the browser would hand it to the service worker.
  const devtools = await context.newCDPSession(page);
  const registrations: string[] = [];
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.push(registration.registrationId);
  });
  await devtools.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registrations[0]!,
    data: payload!,
  });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: 'New trade proposals', body: expect.stringContaining(alice.user.username), url: `/trades?trade=${trade.id}` }]);

  // Opening it (what a click on it runs in the worker) takes Bob's window to the trade.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; openNotice: (n: Notification) => Promise<void> };
    const [notice] = await scope.registration.getNotifications();
    await scope.openNotice(notice!);
  });
  await expect(page).toHaveURL(new RegExp(`/trades\\?trade=${trade.id}$`));
  await expect(page.getByText(`Alice Dunk ${token}`).first()).toBeVisible();

  await alice.context.close();
  await context.close();
});
