import { randomBytes } from 'node:crypto';
import { RESET_LINK_MINUTES } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { findMemberIdOfIdentity, releaseMemberEmail } from '../../users/member-identity';
import { embeddedIssuer } from '../embedded-provider';
import { findLocalAccountByEmail, findLocalAccountById, insertLocalAccount, type LocalAccountRow } from '../local-accounts.repository';
import type { Mailer } from '../mailer';
import { hashPassword, passwordProblem } from '../password';
import { accountTokenMatches, makeAccountToken, readAccountToken } from './account-tokens';
import { deleteProviderStateOfAccount, setLocalAccountEmail, setLocalAccountPassword } from './account.repository';
import { endMemberSessions, type DestroySession } from './account-sessions';
import { escapeHtml, mayMailReset } from './sign-in-guard';

export const RESET_PASSWORD_PATH = '/idp/reset-password';
const RESET_TTL_MS = RESET_LINK_MINUTES * 60 * 1000;

/** What the reset form did: set the password, claimed an unconfirmed address for its owner, or refused the link. */
export type ResetOutcome = { kind: 'reset' | 'claimed' | 'expired' | 'invalid' } | { kind: 'weak'; problem: string };

/*
 * A reset link is bound to the account's address and password hash: setting a password changes
 * the hash, so each link works once, and a link mailed before a change of address stops working.
 */
const boundState = (account: Pick<LocalAccountRow, 'email' | 'passwordHash'>) => `${account.email}\n${account.passwordHash}`;

/**
 * Mails a reset link to the address when it has an account (at most 3 an address per link's
 * lifetime). The caller answers the same whatever happened, so nobody learns which addresses have accounts.
 */
export async function requestPasswordReset(ctx: AppContext, mailer: Mailer, { email }: { email: string }) {
  if (!(await mayMailReset(ctx, email, RESET_TTL_MS))) return;
  const account = await findLocalAccountByEmail(ctx.db, email);
  if (!account) return;
  const token = makeAccountToken(ctx, { purpose: 'reset', accountId: account.id, bound: boundState(account), ttlMs: RESET_TTL_MS });
  const link = `${ctx.env.APP_ORIGIN}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: account.email,
    subject: 'Reset your SoleSwap password',
    text: [
      'Someone asked to reset the password of the SoleSwap account with this address.',
      'To choose a new password, open this link:',
      link,
      '',
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    ].join('\n'),
    html: `<p>Someone asked to reset the password of the SoleSwap account with this address.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  });
}

/** The account a reset link is still good for, or why it is not. */
export async function checkResetToken(ctx: AppContext, token: string): Promise<{ account: LocalAccountRow } | { kind: 'expired' | 'invalid' }> {
  const read = readAccountToken(token, 'reset');
  if (!read) return { kind: 'invalid' };
  const account = await findLocalAccountById(ctx.db, read.accountId);
  if (!account || !accountTokenMatches(ctx, read, 'reset', boundState(account))) return { kind: 'invalid' };
  if (ctx.now().getTime() > read.expiresAt) return { kind: 'expired' };
  return { account };
}

/**
 * Sets a new password from a reset link, and signs out every session of the account (ours and
 * the provider's). When the address was never confirmed, whoever signed up with it may not be its
 * owner: the link proves the owner, so the address is claimed instead (see claimAddress).
 */
export async function resetPassword(
  ctx: AppContext,
  { token, password, destroy }: { token: string; password: string; destroy: DestroySession },
): Promise<ResetOutcome> {
  const checked = await checkResetToken(ctx, token);
  if (!('account' in checked)) return checked;
  const { account } = checked;
  const problem = passwordProblem(password, { email: account.email, username: account.emailVerifiedAt ? account.username : null });
  if (problem) return { kind: 'weak', problem };
  const passwordHash = await hashPassword(password);
  if (!account.emailVerifiedAt) {
    await claimAddress(ctx, account, passwordHash, destroy);
    return { kind: 'claimed' };
  }
  await setLocalAccountPassword(ctx.db, account.id, passwordHash, ctx.now());
  await signOutAccountEverywhere(ctx, account.id, destroy);
  return { kind: 'reset' };
}

/**
 * The owner of an address takes it back from an unconfirmed account: that account is renamed to
 * an address nobody receives (its member keeps their pairs and trades but loses the address and
 * every session), and a new account, confirmed, with the owner's password, gets the address.
 */
async function claimAddress(ctx: AppContext, stranger: LocalAccountRow, passwordHash: string, destroy: DestroySession) {
  const now = ctx.now();
  await setLocalAccountEmail(ctx.db, stranger.id, `unclaimed-${stranger.id}@unclaimed.invalid`, null, now);
  const strangerMember = await signOutAccountEverywhere(ctx, stranger.id, destroy);
  if (strangerMember) await releaseMemberEmail(ctx.db, strangerMember);
  await insertLocalAccount(ctx.db, {
    email: stranger.email,
    passwordHash,
    // The owner chose no username yet; the profile page changes it.
    username: `member-${randomBytes(3).toString('hex')}`,
    emailVerifiedAt: now,
  });
}

/** Ends every session of the account, at the provider and ours (with their live streams); answers its member's id. */
export async function signOutAccountEverywhere(
  ctx: AppContext,
  accountId: string,
  destroy: DestroySession,
  keepSid?: string,
): Promise<string | null> {
  await deleteProviderStateOfAccount(ctx.db, accountId);
  const memberId = await findMemberIdOfIdentity(ctx.db, embeddedIssuer(ctx), accountId);
  if (memberId) await endMemberSessions(ctx, { userId: memberId, destroy, pick: (sid) => sid !== keepSid });
  return memberId;
}
