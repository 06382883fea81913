// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KINDS } from '@soleswap/contracts/notifications';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { base64UrlToBytes } from '../browser-push';
import { DeviceAlertsControl } from './device-alerts-control';

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.test/send/device-1';
const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/**
 * A browser with Web Push: its notification permission, what the prompt answers, and the service
 * worker's PushManager (one subscription at most, as in a real browser).
 */
function fakeBrowser(
  { permission = 'default', prompt = 'granted', subscribed = false } = {} as {
    permission?: NotificationPermission;
    prompt?: NotificationPermission;
    subscribed?: boolean;
  },
) {
  const browser = {
    permission,
    prompts: 0,
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    subscription: null as null | {
      endpoint: string;
      options: { applicationServerKey: ArrayBuffer };
      toJSON: () => object;
      unsubscribe: () => Promise<boolean>;
    },
  };
  const makeSubscription = () => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: base64UrlToBytes(PUBLIC_KEY).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: async () => {
      browser.subscription = null;
      return true;
    },
  });
  if (subscribed) browser.subscription = makeSubscription();
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      browser.subscribeOptions.push(options);
      browser.subscription = makeSubscription();
      return browser.subscription;
    },
  };
  class FakeNotification {
    static get permission() {
      return browser.permission;
    }
    static async requestPermission() {
      browser.prompts++;
      if (browser.permission === 'default') browser.permission = prompt;
      return browser.permission;
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return browser;
}

/** The server's push routes; records what the page stored and removed. */
function servePush({ subscribedOnServer = false } = {}) {
  const calls = { saved: [] as unknown[], removed: [] as unknown[], kindsSaved: [] as unknown[] };
  let isStored = subscribedOnServer;
  let pushedKinds: Record<string, boolean> = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
  server.use(
    http.get('*/api/push/preferences', () => HttpResponse.json({ kinds: pushedKinds })),
    http.put('*/api/push/preferences', async ({ request }) => {
      const body = (await request.json()) as { kinds: Record<string, boolean> };
      calls.kindsSaved.push(body);
      pushedKinds = { ...pushedKinds, ...body.kinds };
      return HttpResponse.json({ kinds: pushedKinds });
    }),
    http.get('*/api/push/public-key', () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
    http.get('*/api/push/subscriptions/status', ({ request }) =>
      HttpResponse.json({ subscribed: isStored && new URL(request.url).searchParams.get('endpoint') === ENDPOINT }),
    ),
    http.post('*/api/push/subscriptions', async ({ request }) => {
      calls.saved.push(await request.json());
      isStored = true;
      return HttpResponse.json({ subscribed: true }, { status: 201 });
    }),
    http.delete('*/api/push/subscriptions', async ({ request }) => {
      calls.removed.push(await request.json());
      isStored = false;
      return HttpResponse.json({ removed: true });
    }),
  );
  return calls;
}

const alertsSwitch = () => screen.findByRole('switch', { name: 'Phone and desktop alerts' });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Phone and desktop alerts', () => {
  it('turns on: asks permission, subscribes with the server key and hands the subscription to the server', async () => {
    const browser = fakeBrowser();
    const calls = servePush();
    const user = userEvent.setup();
    renderWithApp(<DeviceAlertsControl />);

    expect(await screen.findByText(/Off on this device/)).toBeTruthy();
    const toggle = await alertsSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);

    expect(await screen.findByText(/On: your notices also reach this device/)).toBeTruthy();
    expect((await alertsSwitch()).getAttribute('aria-checked')).toBe('true');
    expect(browser.prompts).toBe(1);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0]!.userVisibleOnly).toBe(true);
    expect(Array.from(browser.subscribeOptions[0]!.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(PUBLIC_KEY)));
    expect(calls.saved).toEqual([{ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }]);
  });

  it('turns off: the server forgets the subscription and the browser drops it', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = servePush({ subscribedOnServer: true });
    const user = userEvent.setup();
    renderWithApp(<DeviceAlertsControl />);

    expect(await screen.findByText(/On: your notices also reach this device/)).toBeTruthy();
    await user.click(await alertsSwitch());

    expect(await screen.findByText(/Off on this device/)).toBeTruthy();
    expect(calls.removed).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription).toBeNull();
  });

  it('once on, lets the member choose which notices are pushed: switching Messages off saves that kind off', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = servePush({ subscribedOnServer: true });
    const user = userEvent.setup();
    renderWithApp(<DeviceAlertsControl />);

    const messages = await screen.findByRole('switch', { name: 'Messages' });
    expect(messages.getAttribute('aria-checked')).toBe('true');
    await user.click(messages);
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: 'Messages' }).getAttribute('aria-checked')).toBe('false'));
    expect(calls.kindsSaved).toEqual([{ kinds: { 'message.created': false } }]);
    expect(screen.getByRole('switch', { name: 'Deadline reminders and expiries' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows off when the browser still has a subscription the server no longer has for this member (signed out since)', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    servePush({ subscribedOnServer: false });
    renderWithApp(<DeviceAlertsControl />);
    expect(await screen.findByText(/Off on this device/)).toBeTruthy();
    expect((await alertsSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('says the browser blocked alerts, how to allow them, and cannot be switched', async () => {
    fakeBrowser({ permission: 'denied' });
    servePush();
    renderWithApp(<DeviceAlertsControl />);
    expect(await screen.findByText(/Blocked by your browser\. Allow notifications for this site/)).toBeTruthy();
    expect((await alertsSwitch()).hasAttribute('disabled')).toBe(true);
  });

  it('says blocked once the member answers Block at the prompt, and stores nothing', async () => {
    const browser = fakeBrowser({ prompt: 'denied' });
    const calls = servePush();
    const user = userEvent.setup();
    renderWithApp(<DeviceAlertsControl />);
    await screen.findByText(/Off on this device/);
    await user.click(await alertsSwitch());
    expect(await screen.findByText(/Blocked by your browser/)).toBeTruthy();
    expect(browser.subscribeOptions).toEqual([]);
    expect(calls.saved).toEqual([]);
  });

  it('stays off and says so when the member closes the prompt without answering', async () => {
    const browser = fakeBrowser({ prompt: 'default' });
    const calls = servePush();
    const user = userEvent.setup();
    renderWithApp(<DeviceAlertsControl />);
    await screen.findByText(/Off on this device/);
    await user.click(await alertsSwitch());
    expect(await screen.findByText('Alerts stay off: the browser was not allowed to show them')).toBeTruthy();
    expect(screen.getByText(/Off on this device/)).toBeTruthy();
    expect(browser.subscribeOptions).toEqual([]);
    expect(calls.saved).toEqual([]);
  });

  it('says a browser without Web Push is not supported, with what to do on an iPhone', async () => {
    servePush();
    renderWithApp(<DeviceAlertsControl />);
    expect(await screen.findByText(/Not supported on this browser\. On an iPhone or iPad, add SoleSwap to your Home Screen/)).toBeTruthy();
    expect((await alertsSwitch()).hasAttribute('disabled')).toBe(true);
  });
});
