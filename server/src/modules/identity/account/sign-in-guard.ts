import { SIGN_IN_FAILURES_BEFORE_LOCK, SIGN_IN_LOCK_MINUTES } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { countRateLimitHit, postgresRateLimitStore } from '../../../http/rate-limit-store';
import { findLocalAccountByEmail } from '../local-accounts.repository';
import type { Mailer } from '../mailer';

/*
 * Limits per account, on top of each route's limit per address. Counters live in the database's
 * rate-limit table, so every instance counts against the same budget. They are kept per e-mail
 * address, whether or not it has an account, so the answers reveal no more than "wrong e-mail or
 * password" does.
 */

const LOCK_MS = SIGN_IN_LOCK_MINUTES * 60 * 1000;
const failKey = (email: string) => `idp:sign-in-failures:${email.toLowerCase()}`;
const lockKey = (email: string) => `idp:sign-in-lock:${email.toLowerCase()}`;

function readHit(ctx: AppContext, key: string): Promise<{ current: number; ttl: number }> {
  const Store = postgresRateLimitStore(ctx.db);
  return new Promise((resolve, reject) => new Store().read(key, (error, hit) => (error ? reject(error) : resolve(hit ?? { current: 0, ttl: 0 }))));
}

/** RATE_LIMITED while the account of this address is locked after repeated failures, even for the right password. */
export async function assertSignInAllowed(ctx: AppContext, email: string) {
  const lock = await readHit(ctx, lockKey(email));
  if (lock.current > 0) {
    const minutes = Math.max(1, Math.ceil(lock.ttl / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-ins: this account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}. You can reset your password meanwhile.`,
    );
  }
}

/**
 * Counts a failed sign-in. The tenth within SIGN_IN_LOCK_MINUTES locks the address for
 * SIGN_IN_LOCK_MINUTES, and its owner (when it has an account) is told by e-mail.
 */
export async function recordFailedSignIn(ctx: AppContext, mailer: Mailer, email: string) {
  const failures = await countRateLimitHit(ctx.db, failKey(email), LOCK_MS);
  if (failures.current !== SIGN_IN_FAILURES_BEFORE_LOCK) return;
  await countRateLimitHit(ctx.db, lockKey(email), LOCK_MS);
  const account = await findLocalAccountByEmail(ctx.db, email);
  if (!account) return;
  await mailer.send({
    to: account.email,
    subject: 'Your SoleSwap account was locked after failed sign-ins',
    text: [
      `Hi ${account.username},`,
      '',
      `Someone typed a wrong password for your account ${SIGN_IN_FAILURES_BEFORE_LOCK} times, so nobody can sign in to it for the next ${SIGN_IN_LOCK_MINUTES} minutes.`,
      'If it was you, wait and try again, or reset your password from the sign-in page. If it was not, your password still kept them out; a long, unique password keeps it that way.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(account.username)},</p><p>Someone typed a wrong password for your account ${SIGN_IN_FAILURES_BEFORE_LOCK} times, so nobody can sign in to it for the next ${SIGN_IN_LOCK_MINUTES} minutes.</p><p>If it was you, wait and try again, or reset your password from the sign-in page. If it was not, your password still kept them out; a long, unique password keeps it that way.</p>`,
  });
}

const SECOND_FACTOR_FAILURES_BEFORE_LOCK = 5;
const secondFactorFailKey = (userId: string) => `idp:second-factor-failures:${userId}`;

/**
 * The code step of a sign-in, per account: after SECOND_FACTOR_FAILURES_BEFORE_LOCK wrong codes
 * within SIGN_IN_LOCK_MINUTES the account's code step is refused (RATE_LIMITED), the right code
 * included, from any address, so a stolen password cannot be followed by a guess at every code.
 */
export async function assertSecondFactorAllowed(ctx: AppContext, userId: string) {
  const failures = await readHit(ctx, secondFactorFailKey(userId));
  if (failures.current >= SECOND_FACTOR_FAILURES_BEFORE_LOCK) {
    const minutes = Math.max(1, Math.ceil(failures.ttl / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many wrong codes: this account's sign-in is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/** Counts a wrong second-factor code at sign-in (see assertSecondFactorAllowed). */
export async function recordFailedSecondFactor(ctx: AppContext, userId: string) {
  await countRateLimitHit(ctx.db, secondFactorFailKey(userId), LOCK_MS);
}

/** True while this address may still be sent reset links (3 per RESET window); beyond, requests are answered alike but send nothing. */
export async function mayMailReset(ctx: AppContext, email: string, windowMs: number) {
  const hit = await countRateLimitHit(ctx.db, `idp:reset-mails:${email.toLowerCase()}`, windowMs);
  return hit.current <= 3;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
