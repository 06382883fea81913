import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '@soleswap/contracts/push';
import { webPushSender, type PushTarget } from './push-sender';

/*
 * The server to push service leg, against web-push-testing (a push service on this machine that
 * checks the VAPID signature, decrypts the payload with the subscription's keys, and keeps it): what
 * the browser would be handed is exactly what the server sent.
 */
const require = createRequire(import.meta.url);

/** A port nobody listens on now, for the push service. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
let service: ChildProcess;
let serviceUrl: string;

const post = async <T>(path: string, body: unknown): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${serviceUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: (isJson ? JSON.parse(text) : text) as T };
};

beforeAll(async () => {
  const port = await freePort();
  serviceUrl = `http://localhost:${port}`;
  service = spawn(process.execPath, [require.resolve('web-push-testing/src/bin/server.js'), String(port)], { stdio: 'ignore' });
  await vi.waitFor(
    async () => {
      const res = await fetch(`${serviceUrl}/status`, { method: 'POST' });
      if (res.status !== 200) throw new Error(`push service answered ${res.status}`);
    },
    { timeout: 15_000, interval: 100 },
  );
});

afterAll(() => {
  service?.kill();
});

describe('webPushSender', () => {
  const keys = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@soleswap.test' };
  const message: PushMessage = { title: 'New trade proposals', body: 'sam proposed a trade (#7)', url: '/trades?trade=7', tag: 'notification-7' };
  const subscribe = async (publicKey = keys.publicKey) =>
    (await post<{ data: PushTarget & { clientHash: string } }>('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey })).body.data;
  const received = async (clientHash: string) =>
    (await post<{ data: { messages: string[] } }>('/get-notifications', { clientHash })).body.data.messages;

  it('delivers the message, encrypted for the subscription and signed with the VAPID keys, through the push service', async () => {
    const device = await subscribe();
    expect(await webPushSender(keys)(device, message)).toBe('sent');
    expect((await received(device.clientHash)).map((m) => JSON.parse(m))).toEqual([message]);
  });

  it('says gone when the push service says the subscription expired (410), so it is deleted', async () => {
    const device = await subscribe();
    expect((await post(`/expire-subscription/${device.clientHash}`, {})).status).toBe(200);
    expect(await webPushSender(keys)(device, message)).toBe('gone');
  });

  it('says failed, not gone, when the push service refuses the push (signed with other keys) or cannot be reached', async () => {
    const device = await subscribe();
    const otherKeys = { ...webPush.generateVAPIDKeys(), subject: keys.subject };
    expect(await webPushSender(otherKeys)(device, message)).toBe('failed');
    expect(await received(device.clientHash)).toEqual([]);
    const unreachable = { ...device, endpoint: `http://localhost:${await freePort()}/notify/${device.clientHash}` };
    expect(await webPushSender(keys)(unreachable, message)).toBe('failed');
  });
});
