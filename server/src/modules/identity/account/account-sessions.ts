import type { FastifyRequest } from 'fastify';
import UAParser from 'ua-parser-js';
import type { AccountSession } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { SESSION_MAX_AGE_MS } from '../../../http/auth';
import { closeLiveStreamsOfSession, sessionKeyOf } from '../../live/close-live-streams';
import { findSessionsOfMember } from './account.repository';

declare module 'fastify' {
  interface Session {
    /** Where and with what the session signed in, for the member's sessions page. */
    device?: { userAgent: string; ip: string; signedInAt: string };
  }
}

/** Ends one stored session through the session store (which also empties its cache). */
export type DestroySession = (sid: string) => Promise<void>;

/** The session store's destroy, as a promise. */
export function storeDestroyer(request: FastifyRequest): DestroySession {
  return (sid) => new Promise<void>((resolve, reject) => request.sessionStore.destroy(sid, (error?: unknown) => (error ? reject(error) : resolve())));
}

/** Notes the browser and address on a session that just signed in. */
export function recordSessionDevice(request: FastifyRequest, now: Date) {
  request.session.set('device', {
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
    ip: request.ip,
    signedInAt: now.toISOString(),
  });
}

/** The address cut to its network: 203.0.113.x, or an IPv6 address's first three groups. */
export function coarsePlace(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:…`;
  return null;
}

/** The member's signed-in sessions, the current one first, then the most recently seen. */
export async function findAccountSessions(
  ctx: AppContext,
  { userId, currentSid }: { userId: string; currentSid: string },
): Promise<AccountSession[]> {
  const rows = await findSessionsOfMember(ctx.db, userId, ctx.now());
  const list = rows.map((row) => {
    const device = (row.sess as { device?: { userAgent?: string; ip?: string; signedInAt?: string } }).device ?? {};
    const parsed = new UAParser(device.userAgent ?? '').getResult();
    return {
      id: sessionKeyOf(row.sid),
      isCurrent: row.sid === currentSid,
      browser: parsed.browser.name ?? 'Unknown browser',
      os: parsed.os.name ?? 'Unknown system',
      device: parsed.device.type ?? 'desktop',
      place: coarsePlace(device.ip),
      signedInAt: device.signedInAt ?? null,
      // The session's expiry moves on with each visit (rolling), a week ahead of the last one.
      lastSeenAt: new Date(Math.min(ctx.now().getTime(), row.expire.getTime() - SESSION_MAX_AGE_MS)).toISOString(),
    };
  });
  return list.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * Ends the member's sessions that `pick` chooses, and the live streams each opened. Only the
 * member's own sessions can be chosen: a handle of someone else's session matches none.
 */
export async function endMemberSessions(
  ctx: AppContext,
  { userId, destroy, pick }: { userId: string; destroy: DestroySession; pick: (sid: string) => boolean },
): Promise<number> {
  const rows = await findSessionsOfMember(ctx.db, userId, new Date(0));
  const chosen = rows.filter((row) => pick(row.sid));
  for (const row of chosen) {
    await destroy(row.sid);
    await closeLiveStreamsOfSession(ctx.db, row.sid);
    ctx.events.emit('session.ended', { userId, sessionKey: sessionKeyOf(row.sid) });
  }
  return chosen.length;
}

/** Picks the session whose public handle is `id`. */
export const sessionWithId = (id: string) => (sid: string) => sessionKeyOf(sid) === id;
