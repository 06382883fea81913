import webPush from 'web-push';
import type { PushMessage } from '@soleswap/contracts/push';
import type { VapidKeys } from './vapid-keys';

/** A stored subscription, as a push service needs it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What sending a push came to: `gone` when the push service says the subscription no longer exists
 * (404 or 410: the browser dropped it), `failed` for anything else (kept, the service may be back).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends one push; tests hand in a fake (PushDelivery.useSender) so they never reach the network. */
export type PushSender = (target: PushTarget, message: PushMessage) => Promise<PushOutcome>;

/** How long a push service may take to answer before the push counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notice for a device that is offline: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The real sender: the web-push library, signing with the server's VAPID keys. */
export function webPushSender(keys: VapidKeys): PushSender {
  return async (target, message) => {
    try {
      await webPush.sendNotification(target, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_TIMEOUT_MS,
        urgency: 'normal',
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}
