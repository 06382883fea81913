import { SECOND_FACTOR_FAILURE_WINDOW_MINUTES, SECOND_FACTOR_FAILURES_BEFORE_LOCK, SECOND_FACTOR_LOCK_MINUTES } from '@soleswap/contracts/identity';
import { MINUTE_MS } from '@soleswap/contracts/time';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findIdentityOfMember } from '../../users/member-identity';
import { embeddedIssuer } from '../embedded-provider';
import { findLocalAccountById } from '../local-accounts.repository';
import { claimCodeTry, clearCodeTries, giveBackCodeTry, lockCodes } from './code-attempts.repository';

/*
 * Issue #39: a six-digit code is one in a million, three steps of it accepted at a time; ten tries
 * a minute for a month found one about 73% of the time. Each account's code step (step-up and
 * sign-in's second factor, TOTP and recovery codes alike) now locks after
 * SECOND_FACTOR_FAILURES_BEFORE_LOCK wrong codes within SECOND_FACTOR_FAILURE_WINDOW_MINUTES, for
 * SECOND_FACTOR_LOCK_MINUTES, from every address and every session, and the owner is told.
 * The owner gets back in with a passkey (one cannot be guessed, so passkeys stay usable), or with a
 * password reset: a new password lifts the lock (the lock remembers a digest of the password hash
 * it was set under), and the reset signs out every session, the one guessing at step-up included.
 */

const WINDOW_MS = SECOND_FACTOR_FAILURE_WINDOW_MINUTES * MINUTE_MS;
const LOCK_MS = SECOND_FACTOR_LOCK_MINUTES * MINUTE_MS;

/**
 * Runs `check` (answers what matched, or null for a wrong code) under the account's lock: the try
 * is counted first, so tries sent at once cannot outrun the count; a locked account's codes are
 * not checked at all (RATE_LIMITED, the right code included). A match gives its try back; the wrong
 * code that reaches the limit locks the codes and emits `user.secondFactorLocked` (the bell and an
 * e-mail tell the owner).
 */
export async function checkCodeUnderLock<T>(ctx: AppContext, userId: string, check: () => Promise<T | null>): Promise<T | null> {
  const at = ctx.now();
  let tries = await claimCodeTry(ctx.db, userId, at, WINDOW_MS);
  if (tries.lockedUntil && tries.passwordStamp !== null && tries.passwordStamp !== (await passwordStamp(ctx, userId))) {
    // The password changed since the lock began: the owner reset it, and the lock is over.
    await clearCodeTries(ctx.db, userId);
    tries = await claimCodeTry(ctx.db, userId, at, WINDOW_MS);
  }
  if (tries.lockedUntil) throw codesLocked(tries.lockedUntil.getTime() - at.getTime());
  if (tries.failures > SECOND_FACTOR_FAILURES_BEFORE_LOCK) {
    // Tries sent together beyond the limit: the limit's own try is still being checked (and may lock).
    await giveBackCodeTry(ctx.db, userId);
    throw new AppError('RATE_LIMITED', 'Too many codes at once for this account: wait for the answer to the last one.');
  }
  const matched = await check();
  if (matched !== null) {
    await giveBackCodeTry(ctx.db, userId);
    return matched;
  }
  if (tries.failures === SECOND_FACTOR_FAILURES_BEFORE_LOCK) {
    await lockCodes(ctx.db, userId, new Date(at.getTime() + LOCK_MS), await passwordStamp(ctx, userId));
    ctx.events.emit('user.secondFactorLocked', {
      userId,
      failures: SECOND_FACTOR_FAILURES_BEFORE_LOCK,
      minutes: SECOND_FACTOR_LOCK_MINUTES,
    });
  }
  return null;
}

/** Lifts the lock and forgets the wrong codes of a member (a new password does it on its own, see above). */
export async function liftCodeLock(ctx: AppContext, userId: string): Promise<void> {
  await clearCodeTries(ctx.db, userId);
}

/** A digest of the member's password hash on the embedded provider; null for a member of an external provider. */
async function passwordStamp(ctx: AppContext, userId: string): Promise<string | null> {
  const identity = await findIdentityOfMember(ctx.db, userId);
  if (!identity || identity.issuer !== embeddedIssuer(ctx)) return null;
  const account = await findLocalAccountById(ctx.db, identity.subject);
  return account ? createHash('sha256').update(account.passwordHash).digest('hex') : null;
}

function codesLocked(msLeft: number) {
  const minutes = Math.max(1, Math.ceil(msLeft / MINUTE_MS));
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong codes: codes for this account are refused for ${minutes} more minute${minutes === 1 ? '' : 's'}. ` +
      'Use a passkey if you have one, or reset your password to sign in again.',
  );
}
