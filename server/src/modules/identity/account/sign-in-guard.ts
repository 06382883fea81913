import { SIGN_IN_FAILURES_BEFORE_LOCK, SIGN_IN_LOCK_MINUTES } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { clearRateLimitHits, countRateLimitHit, postgresRateLimitStore } from '../../../http/rate-limit-store';
import { findLocalAccountByEmail } from '../local-accounts.repository';
import { queueMail } from '../mail-queue';
import { coarsePlace } from './account-sessions';

/*
 * Limits per account AND client, on top of each route's limit per address (issue #39): wrong
 * passwords for an account from one client (its address) lock that account for that client only,
 * so a stranger guessing from elsewhere never locks the owner out. Counters live in the database's
 * rate-limit table, so every instance counts against the same budget. They are kept per e-mail
 * address, whether or not it has an account, so the answers reveal no more than "wrong e-mail or
 * password" does. A password reset lifts every lock of the address (clearSignInLocks).
 */

const LOCK_MS = SIGN_IN_LOCK_MINUTES * 60 * 1000;
/** Who is signing in: the account's address and the client's address (request.ip). */
export interface SignInAttempt {
  email: string;
  client: string;
}
// E-mail addresses hold no space, so `<email> ` prefixes exactly the keys of one address.
const failPrefix = (email: string) => `idp:sign-in-failures:${email.toLowerCase()} `;
const lockPrefix = (email: string) => `idp:sign-in-lock:${email.toLowerCase()} `;
const failKey = ({ email, client }: SignInAttempt) => `${failPrefix(email)}${client}`;
const lockKey = ({ email, client }: SignInAttempt) => `${lockPrefix(email)}${client}`;

function readHit(ctx: AppContext, key: string): Promise<{ current: number; ttl: number }> {
  const Store = postgresRateLimitStore(ctx.db);
  return new Promise((resolve, reject) => new Store().read(key, (error, hit) => (error ? reject(error) : resolve(hit ?? { current: 0, ttl: 0 }))));
}

/**
 * RATE_LIMITED while this client is locked out of the account of this address after repeated
 * failures, even for the right password. Other clients (the owner's own devices) are not.
 */
export async function assertSignInAllowed(ctx: AppContext, attempt: SignInAttempt) {
  const lock = await readHit(ctx, lockKey(attempt));
  if (lock.current > 0) {
    const minutes = Math.max(1, Math.ceil(lock.ttl / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-ins from here: this account cannot be signed in to from this network for ${minutes} more minute${minutes === 1 ? '' : 's'}. Resetting your password ("Forgot password?") lifts this at once.`,
    );
  }
}

/**
 * Counts a failed sign-in of this client. The tenth within SIGN_IN_LOCK_MINUTES locks the account
 * for this client for SIGN_IN_LOCK_MINUTES, and its owner (when it has an account) is told by
 * e-mail, through the queue: the request's work and time are the same whether or not it has one.
 */
export async function recordFailedSignIn(ctx: AppContext, attempt: SignInAttempt) {
  const failures = await countRateLimitHit(ctx.db, failKey(attempt), LOCK_MS);
  if (failures.current !== SIGN_IN_FAILURES_BEFORE_LOCK) return;
  await countRateLimitHit(ctx.db, lockKey(attempt), LOCK_MS);
  const account = await findLocalAccountByEmail(ctx.db, attempt.email);
  if (!account) return;
  const place = coarsePlace(attempt.client) ?? 'one network';
  const said = [
    `Someone typed a wrong password for your account ${SIGN_IN_FAILURES_BEFORE_LOCK} times from ${place}, so sign-ins to it from there are refused for the next ${SIGN_IN_LOCK_MINUTES} minutes.`,
    'You can still sign in from your own devices. If it was not you, your password still kept them out; a long, unique password keeps it that way, and resetting it from the sign-in page also lifts the pause.',
  ];
  await queueMail(ctx, {
    to: account.email,
    subject: 'Failed sign-ins to your SoleSwap account',
    text: [`Hi ${account.username},`, '', ...said].join('\n'),
    html: `<p>Hi ${escapeHtml(account.username)},</p>${said.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
  });
}

/** Lifts every sign-in lock and failure count of the address, from every client (a password reset). */
export async function clearSignInLocks(ctx: AppContext, email: string) {
  await clearRateLimitHits(ctx.db, [lockPrefix(email), failPrefix(email)]);
}

/** True while this address may still be sent reset links (3 per RESET window); beyond, requests are answered alike but send nothing. */
export async function mayMailReset(ctx: AppContext, email: string, windowMs: number) {
  const hit = await countRateLimitHit(ctx.db, `idp:reset-mails:${email.toLowerCase()}`, windowMs);
  return hit.current <= 3;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
