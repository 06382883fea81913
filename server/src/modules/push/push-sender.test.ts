import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/free-port.mjs';
import { startPushService, type PushService } from '../../../../scripts/push-service.mjs';
import type { PushMessage } from '@soleswap/contracts/push';
import { webPushSender, type PushTarget } from './push-sender';

/*
 * The server to push service leg, against web-push-testing (a push service on this machine that
 * checks the VAPID signature, decrypts the payload with the subscription's keys, and keeps it): what
 * the browser would be handed is exactly what the server sent.
 */
let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});

afterAll(() => {
  service?.stop();
});

describe('webPushSender', () => {
  const keys = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@soleswap.test' };
  const message: PushMessage = { title: 'New trade proposals', body: 'sam proposed a trade (#7)', url: '/trades?trade=7', tag: 'notification-7' };
  const subscribe = (publicKey = keys.publicKey): Promise<PushTarget & { clientHash: string }> => service.subscribe(publicKey);
  const received = (clientHash: string) => service.received(clientHash);

  it('delivers the message, encrypted for the subscription and signed with the VAPID keys, through the push service', async () => {
    const device = await subscribe();
    expect(await webPushSender(keys)(device, message)).toBe('sent');
    expect((await received(device.clientHash)).map((m) => JSON.parse(m))).toEqual([message]);
  });

  it('says gone when the push service says the subscription expired (410), so it is deleted', async () => {
    const device = await subscribe();
    expect((await service.post(`/expire-subscription/${device.clientHash}`)).status).toBe(200);
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
