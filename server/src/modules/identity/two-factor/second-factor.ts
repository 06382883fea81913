import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { verifySync } from 'otplib';
import { STEP_UP_WINDOW_MINUTES, type TwoFactorStatus } from '@soleswap/contracts/identity';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { checkCodeUnderLock } from './code-lock';
import { countUnusedRecoveryCodes, findPasskeysOf, findSignInRule, findTotp, useRecoveryCode, useTotpStep } from './two-factor.repository';

declare module 'fastify' {
  interface Session {
    /** When this session last proved a second factor (epoch ms); step-up reads it. */
    secondFactorAt?: number;
  }
}

export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60 * 1000;
/** A code from the step before or after counts too (clocks drift), never more. */
const TOTP_TOLERANCE_SECONDS = 30;

/** Whether the member has any second factor: a confirmed TOTP secret or a passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [totp, passkeys] = await Promise.all([findTotp(db, userId), findPasskeysOf(db, userId)]);
  return Boolean(totp?.confirmedAt) || passkeys.length > 0;
}

/** The recovery code as stored: lower case, no dash or space, hashed (the codes carry 50 random bits). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** The TOTP step of a code matching `secret` now, or null. */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(at.getTime() / 1000);
  const result = verifySync({ secret, token: code, epoch, epochTolerance: TOTP_TOLERANCE_SECONDS });
  // The 30-second step the code belongs to: now's, moved by the tolerated drift.
  return result.valid ? Math.floor(epoch / 30) + result.delta : null;
}

/**
 * The one check of a member's second-factor code, wherever it is typed (step-up, sign-in's code
 * step): a TOTP code or an unused recovery code, used up when it matches (a TOTP step counts once,
 * a recovery code once); SECOND_FACTOR_INVALID when it matches nothing. It applies the account's
 * code lock (code-lock.ts, issue #39): after SECOND_FACTOR_FAILURES_BEFORE_LOCK wrong codes the
 * account's codes are refused with RATE_LIMITED for SECOND_FACTOR_LOCK_MINUTES, the right one
 * included, and the owner is told.
 */
export async function verifySecondFactorCode(ctx: AppContext, { userId, code }: { userId: string; code: string }): Promise<'totp' | 'recovery'> {
  const totp = await findTotp(ctx.db, userId);
  if (!totp?.confirmedAt) throw invalidCode();
  const matched = await checkCodeUnderLock(ctx, userId, () => matchCode(ctx, { userId, secret: totp.secret, code: code.trim() }));
  if (matched === null) throw invalidCode();
  return matched;
}

async function matchCode(
  ctx: AppContext,
  { userId, secret, code }: { userId: string; secret: string; code: string },
): Promise<'totp' | 'recovery' | null> {
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(secret, code, ctx.now());
    return step !== null && (await useTotpStep(ctx.db, userId, step)) ? 'totp' : null;
  }
  return (await useRecoveryCode(ctx.db, userId, hashRecoveryCode(code), ctx.now())) ? 'recovery' : null;
}

export function invalidCode() {
  return new AppError('SECOND_FACTOR_INVALID', 'That code does not match. Enter the current code from your app, or an unused recovery code.');
}

/** Records on the session that the member just proved their second factor. */
export function markSecondFactor(request: FastifyRequest, at: Date) {
  request.session.set('secondFactorAt', at.getTime());
}

/** Whether this session proved a second factor within the last STEP_UP_WINDOW_MINUTES. */
export function isSecondFactorRecent(request: FastifyRequest, at: Date): boolean {
  const when = request.session.get('secondFactorAt');
  return typeof when === 'number' && at.getTime() - when < STEP_UP_WINDOW_MS && when <= at.getTime();
}

/**
 * The step-up guard (issue #32): a member who has a second factor must have used it in this
 * session within the last 10 minutes, else 403 STEP_UP_REQUIRED (the web client asks for it and
 * retries). A member without one passes. Other modules call it before a sensitive change: a
 * high-value trade, an e-mail or password change, and later cash and wallet actions.
 */
export async function requireRecentSecondFactor(request: FastifyRequest, userId?: string): Promise<void> {
  const ctx = request.server.ctx;
  const memberId = userId ?? request.session.get('userId');
  if (!memberId) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
  if (isSecondFactorRecent(request, ctx.now())) return;
  if (!(await hasSecondFactor(ctx.db, memberId))) return;
  throw stepUpRequired();
}

export function stepUpRequired() {
  return new AppError(
    'STEP_UP_REQUIRED',
    `Confirm it is you: enter a code from your authenticator app or use your passkey (asked again after ${STEP_UP_WINDOW_MINUTES} minutes).`,
  );
}

/** The member's factors for the security page. */
export async function getTwoFactorStatus(
  ctx: AppContext,
  { request, userId, isPremium }: { request: FastifyRequest; userId: string; isPremium: boolean },
): Promise<TwoFactorStatus> {
  const [totp, passkeys, recoveryCodesLeft, everySignIn] = await Promise.all([
    findTotp(ctx.db, userId),
    findPasskeysOf(ctx.db, userId),
    countUnusedRecoveryCodes(ctx.db, userId),
    findSignInRule(ctx.db, userId),
  ]);
  const when = request.session.get('secondFactorAt');
  const recentUntil = isSecondFactorRecent(request, ctx.now()) && typeof when === 'number' ? new Date(when + STEP_UP_WINDOW_MS).toISOString() : null;
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: totp?.confirmedAt ? recoveryCodesLeft : 0,
    recentUntil,
    everySignIn,
    canRequireEverySignIn: isPremium,
  };
}
