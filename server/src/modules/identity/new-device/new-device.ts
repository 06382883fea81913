import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_LINK_HOURS } from '@soleswap/contracts/identity';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { enqueue } from '../../../jobs/job-queue';
import { coarsePlace } from '../account/account-sessions';
import { describeBrowser, isFirstSignIn } from '../account/sign-in-notice';
import { escapeHtml } from '../account/sign-in-guard';
import { jobMailer, MAIL_JOB_PRIORITY } from '../mail-queue';
import { deviceHashOf } from './device-cookie';
import {
  awaitMemberDevice,
  confirmDeviceByToken,
  findDeviceConfirmation,
  findMemberDevice,
  setDeviceLink,
  trustMemberDevice,
} from './device-confirmations.repository';

/*
 * Premium's Enhanced Security, its second half (decisions §14, docs/rules/sign-in.md#premiums-enhanced-security):
 * a premium member's sign-in from a device not yet known for them starts a session that may read
 * everything but may not move money or change addresses until the link e-mailed for it is opened.
 */

declare module 'fastify' {
  interface Session {
    /** The device_confirmations row this session waits for (a premium sign-in from a new device); absent once confirmed. */
    deviceConfirmationId?: number;
  }
}

/** The job that mails a new device's confirmation link (payload: deviceConfirmationId, to, device, place). */
export const DEVICE_LINK_JOB = 'identity.send-device-link';
/** Where the link points: a page with a button (mail scanners open links), whose form posts back here. */
export const CONFIRM_DEVICE_PATH = '/api/auth/confirm-device';
const DEVICE_LINK_MS = DEVICE_LINK_HOURS * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * At sign-in (the callback, before noticeSignIn remembers the browser): the browser's device cookie
 * decides. A member who is not premium, a member's very first browser and a member without an
 * e-mail address (no link can reach them) make the device known at once; a premium member's device
 * that is not known yet waits for its link, which is queued here.
 */
export async function checkDeviceAtSignIn(
  ctx: AppContext,
  { request, reply, user }: { request: FastifyRequest; reply: FastifyReply; user: Pick<User, 'id' | 'email' | 'isPremiumMember'> },
): Promise<void> {
  const deviceHash = deviceHashOf(request, reply, ctx.env);
  const at = ctx.now();
  const isFirstBrowser = await isFirstSignIn(ctx, user.id);
  if (!user.isPremiumMember || isFirstBrowser || !user.email) {
    await trustMemberDevice(ctx.db, { userId: user.id, deviceHash, at });
    return;
  }
  const known = await findMemberDevice(ctx.db, user.id, deviceHash);
  if (known?.confirmedAt) return;
  const waiting = await awaitMemberDevice(ctx.db, { userId: user.id, deviceHash, at });
  request.session.set('deviceConfirmationId', waiting.id);
  await queueDeviceLink(ctx, { id: waiting.id, to: user.email, userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip });
}

async function queueDeviceLink(ctx: AppContext, { id, to, userAgent, ip }: { id: number; to: string; userAgent: string; ip: string }) {
  const place = coarsePlace(ip);
  // No secret in the job: the worker makes the token when it mails the link.
  await enqueue(
    ctx.db,
    DEVICE_LINK_JOB,
    { deviceConfirmationId: id, to, device: describeBrowser(userAgent), ...(place ? { place } : {}) },
    { priority: MAIL_JOB_PRIORITY },
  );
}

/**
 * The job of DEVICE_LINK_JOB: a new token (only its hash is stored, and it replaces the link mailed
 * before), good for DEVICE_LINK_HOURS, mailed to the member. A device confirmed meanwhile gets nothing.
 */
export async function sendDeviceLink(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const id = Number(payload.deviceConfirmationId);
  const to = typeof payload.to === 'string' ? payload.to : '';
  if (!Number.isInteger(id) || !to) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + DEVICE_LINK_MS);
  if (!(await setDeviceLink(ctx.db, { id, tokenHash: hashToken(token), expiresAt }))) return;
  const device = typeof payload.device === 'string' ? payload.device : 'a new browser';
  const where = typeof payload.place === 'string' ? ` from ${payload.place}` : '';
  const link = `${ctx.env.APP_ORIGIN}${CONFIRM_DEVICE_PATH}?token=${token}`;
  const settings = `${ctx.env.APP_ORIGIN}/settings/security`;
  await jobMailer(ctx).send({
    to,
    subject: 'Confirm the new sign-in to your SoleSwap account',
    text: [
      `Your SoleSwap account was signed in with ${device}${where}, a device it was not used with before.`,
      'Until you confirm it, that session cannot move money or change addresses. If it was you, confirm it with this link:',
      link,
      '',
      `The link works for ${DEVICE_LINK_HOURS} hours. If it was not you, do not open it: sign that session out and change your password at ${settings}`,
    ].join('\n'),
    html:
      `<p>Your SoleSwap account was signed in with ${escapeHtml(device)}${escapeHtml(where)}, a device it was not used with before.</p>` +
      '<p>Until you confirm it, that session cannot move money or change addresses.</p>' +
      `<p><a href="${escapeHtml(link)}">It was me: confirm this sign-in</a> (the link works for ${DEVICE_LINK_HOURS} hours)</p>` +
      `<p>If it was not you, do not open it: <a href="${escapeHtml(settings)}">sign that session out and change your password</a>.</p>`,
  });
}

/** Whether this session still waits for its new-device link; forgets the wait once the link was opened. */
export async function isDeviceUnconfirmed(request: FastifyRequest): Promise<boolean> {
  const id = request.session.get('deviceConfirmationId');
  if (id === undefined) return false;
  const row = await findDeviceConfirmation(request.server.ctx.db, id);
  if (row && !row.confirmedAt) return true;
  request.session.set('deviceConfirmationId', undefined);
  return false;
}

/** 403 DEVICE_UNCONFIRMED while this session waits for its new-device link (money and address actions). */
export async function requireConfirmedDevice(request: FastifyRequest): Promise<void> {
  if (await isDeviceUnconfirmed(request)) {
    throw new AppError(
      'DEVICE_UNCONFIRMED',
      'Confirm this sign-in from the link we e-mailed you before moving money or changing addresses. It is a new device for your account.',
    );
  }
}

/** Opens a new device's link: true when it confirmed (or had confirmed) its device, false for a link unknown, replaced or past. */
export async function confirmDevice(ctx: AppContext, token: string): Promise<boolean> {
  if (!/^[\w-]{43}$/.test(token)) return false;
  return Boolean(await confirmDeviceByToken(ctx.db, { tokenHash: hashToken(token), at: ctx.now() }));
}

/** Mails this session's link again (a new one, which replaces the one before); CONFLICT when the session waits for none. */
export async function resendDeviceLink(ctx: AppContext, { request, user }: { request: FastifyRequest; user: Pick<User, 'email'> }) {
  const id = request.session.get('deviceConfirmationId');
  if (id === undefined || !(await isDeviceUnconfirmed(request)) || !user.email) {
    throw new AppError('CONFLICT', 'This sign-in needs no confirmation.');
  }
  await queueDeviceLink(ctx, { id, to: user.email, userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip });
}
