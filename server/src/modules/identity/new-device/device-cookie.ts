import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSessionCookieSecure } from '../../../http/session-cookie';
import type { Env } from '../../../env';

/**
 * The cookie that names a browser for premium's new-device rule: a random id the browser keeps for
 * a year, stored on our side only as its SHA-256. The User-Agent (known_devices) is only told to
 * the member; anyone can send any User-Agent, so it never decides whether a device is known.
 */
export const DEVICE_COOKIE = 'soleswap.device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const hashDeviceId = (id: string) => createHash('sha256').update(id).digest('hex');

/** The hash of this browser's device id, giving the browser one first when it has none. */
export function deviceHashOf(request: FastifyRequest, reply: FastifyReply, env: Env): string {
  const sent = request.cookies[DEVICE_COOKIE];
  if (sent && /^[\w-]{43}$/.test(sent)) return hashDeviceId(sent);
  const id = randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSessionCookieSecure(env),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    path: '/',
  });
  return hashDeviceId(id);
}
