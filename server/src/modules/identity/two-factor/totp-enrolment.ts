import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type TotpConfirmed, type TotpSetup } from '@soleswap/contracts/identity';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashRecoveryCode, invalidCode, matchTotp } from './second-factor';
import { confirmTotpRow, deleteTotp, findTotp, replaceRecoveryCodes, upsertPendingTotp } from './two-factor.repository';

const ISSUER = 'SoleSwap';
/** Recovery codes use letters and digits that cannot be mistaken for each other. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Starts a TOTP enrolment: a new secret (replacing an unconfirmed one), its otpauth URL and that
 * URL as a QR code. It counts only once confirmed with a first code. CONFLICT when TOTP is already on.
 */
export async function setupTotp(ctx: AppContext, { userId, label }: { userId: string; label: string }): Promise<TotpSetup> {
  const existing = await findTotp(ctx.db, userId);
  if (existing?.confirmedAt) throw new AppError('CONFLICT', 'Your authenticator app is already set up. Remove it first to set up another.');
  const secret = generateSecret();
  await upsertPendingTotp(ctx.db, userId, secret);
  const otpauthUrl = generateURI({ issuer: ISSUER, label, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Ten fresh recovery codes, `xxxxx-xxxxx`: 50 random bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Confirms the pending secret with a first code from the app; answers the recovery codes, which
 * are stored hashed and never shown again. SECOND_FACTOR_INVALID for a wrong code.
 */
export async function confirmTotp(ctx: AppContext, { userId, code }: { userId: string; code: string }): Promise<TotpConfirmed> {
  const pending = await findTotp(ctx.db, userId);
  if (!pending || pending.confirmedAt) throw new AppError('CONFLICT', 'There is no authenticator set-up waiting for a code. Start again.');
  const step = matchTotp(pending.secret, code.trim(), ctx.now());
  if (step === null) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    if (!(await confirmTotpRow(tx, userId, ctx.now(), step))) throw new AppError('CONFLICT', 'This set-up was already confirmed.');
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
  });
  return { recoveryCodes };
}

/** Removes the TOTP secret (or a set-up not yet confirmed) and its recovery codes. CONFLICT when there is none. */
export async function removeTotp(ctx: AppContext, { userId }: { userId: string }): Promise<void> {
  const existing = await findTotp(ctx.db, userId);
  if (!existing) throw new AppError('CONFLICT', 'No authenticator app is set up.');
  await deleteTotp(ctx.db, userId);
}
