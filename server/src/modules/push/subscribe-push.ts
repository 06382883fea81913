import type { PushSubscriptionInput } from '@soleswap/contracts/push';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sessionKeyOf } from '../live/close-live-streams';
import { upsertSubscription } from './push.repository';

/**
 * Turns push on for this browser: stores its subscription for the member and the session (so
 * signing out of it removes it). Idempotent on the endpoint: subscribing again updates it.
 */
export async function subscribePush(
  ctx: AppContext,
  { userId, sessionId, input }: { userId: string; sessionId: string; input: PushSubscriptionInput },
) {
  refuseUnsafeEndpoint(ctx, input.endpoint);
  await upsertSubscription(ctx.db, {
    userId,
    sessionKey: sessionKeyOf(sessionId),
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    createdAt: ctx.now(),
  });
  return { subscribed: true };
}

/**
 * The server posts to the endpoint a member hands in: in production only to a public https host, so
 * no member can make it post into the server's own network. Elsewhere a push service running on
 * this machine (web-push-testing, for the browser tests) is allowed.
 */
function refuseUnsafeEndpoint(ctx: AppContext, endpoint: string) {
  if (ctx.env.NODE_ENV !== 'production') return;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLocal = host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.');
  if (url.protocol !== 'https:' || isLocal) {
    throw new AppError('VALIDATION_FAILED', 'This push endpoint is not accepted', { fields: { endpoint: 'Must be a public https address' } });
  }
}
