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

/**
 * The real sender: the web-push library encrypts the message and signs with the server's VAPID keys;
 * the request goes out with fetch, since web-push's own request is https only and the browser tests'
 * push service on this machine (web-push-testing) speaks http. Outside production only: a member's
 * endpoint must be public https there (subscribe-push.ts).
 */
export function webPushSender(keys: VapidKeys): PushSender {
  return async (target, message) => {
    try {
      const request = webPush.generateRequestDetails(target, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      return response.status === 404 || response.status === 410 ? 'gone' : 'failed';
    } catch {
      // No answer in time, or none at all: the service may be back later.
      return 'failed';
    }
  };
}
