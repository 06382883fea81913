import { randomBytes } from 'node:crypto';
import { RESET_LINK_MINUTES } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { findMemberIdOfIdentity, releaseMemberEmail } from '../../users/member-identity';
import { embeddedIssuer } from '../embedded-provider';
import { findLocalAccountByEmail, findLocalAccountById, insertLocalAccount, type LocalAccountRow } from '../local-accounts.repository';
import { jobMailer, MAIL_JOB_PRIORITY, RESET_LINK_JOB } from '../mail-queue';
import { hashPassword, passwordProblem } from '../password';
import { enqueue } from '../../../jobs/job-queue';
import { accountTokenMatches, makeAccountToken, readAccountToken } from './account-tokens';
import { deleteProviderStateOfAccount, releaseUnconfirmedAddress, replaceLocalAccountPassword } from './account.repository';
import { endMemberSessions, type DestroySession } from './account-sessions';
import { clearSignInLocks, escapeHtml, mayMailReset } from './sign-in-guard';

export const RESET_PASSWORD_PATH = '/idp/reset-password';
const RESET_TTL_MS = RESET_LINK_MINUTES * 60 * 1000;

/**
 * What the reset form did: set the password, claimed an unconfirmed address for its owner, or
 * refused the link (`used`: another use of the same link won while this one was under way).
 */
export type ResetOutcome = { kind: 'reset' | 'claimed' | 'expired' | 'invalid' | 'used' } | { kind: 'weak'; problem: string };

/*
 * A reset link is bound to the account's address and password hash: setting a password changes
 * the hash, so each link works once, and a link mailed before a change of address stops working.
 */
const boundState = (account: Pick<LocalAccountRow, 'email' | 'passwordHash'>) => `${account.email}\n${account.passwordHash}`;

/**
 * Asks for a reset link: queues its mail (at most 3 an address per link's lifetime). The request
 * does the same work whether or not the address has an account (count, queue) and never waits for
 * a mail server, so neither its answer nor its time tells which addresses have accounts; the job
 * (sendResetLink) finds the account and mails it.
 */
export async function requestPasswordReset(ctx: AppContext, { email }: { email: string }) {
  if (!(await mayMailReset(ctx, email, RESET_TTL_MS))) return;
  await enqueue(ctx.db, RESET_LINK_JOB, { email: email.toLowerCase() }, { priority: MAIL_JOB_PRIORITY });
}

/** The job of RESET_LINK_JOB: mails the link when the address has an account, else does nothing. */
export async function sendResetLink(ctx: AppContext, payload: Record<string, unknown>) {
  const email = typeof payload.email === 'string' ? payload.email : '';
  const account = email ? await findLocalAccountByEmail(ctx.db, email) : null;
  if (!account) return;
  const token = makeAccountToken(ctx, { purpose: 'reset', accountId: account.id, bound: boundState(account), ttlMs: RESET_TTL_MS });
  const link = `${ctx.env.APP_ORIGIN}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  await jobMailer(ctx).send({
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
 * Sets a new password from a reset link, lifts the account's sign-in locks, and signs out every
 * session of the account (ours and the provider's). When the address was never confirmed, whoever
 * signed up with it may not be its owner: the link proves the owner, so the address is claimed
 * instead (see claimAddress). The link is used up atomically: the write happens only if the
 * account still has the password hash the link was signed over, so of two uses sent at once one
 * sets its password and the other is `used`.
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
    if (!(await claimAddress(ctx, account, passwordHash, destroy))) return { kind: 'used' };
    await clearSignInLocks(ctx, account.email);
    return { kind: 'claimed' };
  }
  if (!(await replaceLocalAccountPassword(ctx.db, account, passwordHash, ctx.now()))) return { kind: 'used' };
  await clearSignInLocks(ctx, account.email);
  await signOutAccountEverywhere(ctx, account.id, destroy);
  return { kind: 'reset' };
}

/**
 * The owner of an address takes it back from an unconfirmed account: that account is renamed to
 * an address nobody receives (its member keeps their pairs and trades but loses the address and
 * every session), and a new account, confirmed, with the owner's password, gets the address.
 */
async function claimAddress(ctx: AppContext, stranger: LocalAccountRow, passwordHash: string, destroy: DestroySession): Promise<boolean> {
  const now = ctx.now();
  // Only from the state the link was signed over: a second use of the link finds it gone.
  if (!(await releaseUnconfirmedAddress(ctx.db, stranger, `unclaimed-${stranger.id}@unclaimed.invalid`, now))) return false;
  const strangerMember = await signOutAccountEverywhere(ctx, stranger.id, destroy);
  if (strangerMember) await releaseMemberEmail(ctx.db, strangerMember);
  await insertLocalAccount(ctx.db, {
    email: stranger.email,
    passwordHash,
    // The owner chose no username yet; the profile page changes it.
    username: `member-${randomBytes(3).toString('hex')}`,
    emailVerifiedAt: now,
  });
  return true;
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
