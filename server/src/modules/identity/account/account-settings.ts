import { EMAIL_UNDO_DAYS, type AccountOverview, type ChangeEmail, type ChangePassword } from '@soleswap/contracts/account';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findIdentityOfMember } from '../../users/member-identity';
import { embeddedIssuer } from '../embedded-provider';
import { findLocalAccountByEmail, findLocalAccountById, type LocalAccountRow } from '../local-accounts.repository';
import type { Mailer } from '../mailer';
import { hashPassword, passwordProblem, verifyPassword } from '../password';
import { accountTokenMatches, makeAccountToken, readAccountToken } from './account-tokens';
import {
  findEmailUndoLink,
  insertEmailUndoLink,
  setLocalAccountEmail,
  setLocalAccountPassword,
  useEmailUndoLink,
  voidEmailUndoLinksAfter,
} from './account.repository';
import type { DestroySession } from './account-sessions';
import { signOutAccountEverywhere } from './password-reset';
import { assertSignInAllowed, escapeHtml, recordFailedSignIn } from './sign-in-guard';

export const CONFIRM_EMAIL_CHANGE_PATH = '/idp/email-change';
export const UNDO_EMAIL_CHANGE_PATH = '/idp/email-undo';
const CHANGE_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const UNDO_TTL_MS = EMAIL_UNDO_DAYS * 24 * 60 * 60 * 1000;

/**
 * Change links are bound to the address and when it was confirmed: every change (and every undo)
 * confirms the address anew, so each link works once, even when an undo brings the old address
 * back. Undo links are rows (email_undo_links): see undoEmailChange.
 */
const addressState = (account: Pick<LocalAccountRow, 'email' | 'emailVerifiedAt'>) =>
  `${account.email}\n${account.emailVerifiedAt?.toISOString() ?? ''}`;

/** The embedded provider's account of a member, or null (an external provider's member, a demo member). */
async function localAccountOf(ctx: AppContext, userId: string): Promise<LocalAccountRow | null> {
  const identity = await findIdentityOfMember(ctx.db, userId);
  if (!identity || identity.issuer !== embeddedIssuer(ctx)) return null;
  return findLocalAccountById(ctx.db, identity.subject);
}

async function requireLocalAccount(ctx: AppContext, userId: string) {
  const account = await localAccountOf(ctx, userId);
  if (!account) throw new AppError('CONFLICT', 'Your password and e-mail are kept by the provider you sign in with; change them there.');
  return account;
}

/** The current password, checked like a sign-in from this client: it counts towards that client's lock. */
async function checkCurrentPassword(ctx: AppContext, account: LocalAccountRow, password: string, client: string) {
  const attempt = { email: account.email, client };
  await assertSignInAllowed(ctx, attempt);
  if (await verifyPassword(password, account.passwordHash)) return;
  await recordFailedSignIn(ctx, attempt);
  throw new AppError('VALIDATION_FAILED', 'Your current password is not right', { fields: { currentPassword: 'Wrong password' } });
}

export async function getAccountOverview(ctx: AppContext, { userId, email }: { userId: string; email: string | null }): Promise<AccountOverview> {
  const account = await localAccountOf(ctx, userId);
  return { email: account?.email ?? email, isLocalAccount: Boolean(account) };
}

/** Changes the password (the current one is required) and signs out every other session. */
export async function changePassword(
  ctx: AppContext,
  {
    userId,
    client,
    currentSid,
    destroy,
    input,
  }: { userId: string; client: string; currentSid: string; destroy: DestroySession; input: ChangePassword },
) {
  const account = await requireLocalAccount(ctx, userId);
  await checkCurrentPassword(ctx, account, input.currentPassword, client);
  const problem = passwordProblem(input.newPassword, { email: account.email, username: account.username });
  if (problem) throw new AppError('WEAK_PASSWORD', problem, { fields: { newPassword: problem } });
  await setLocalAccountPassword(ctx.db, account.id, await hashPassword(input.newPassword), ctx.now());
  await signOutAccountEverywhere(ctx, account.id, destroy, currentSid);
}

/**
 * Starts a change of address: the new address gets a link that makes the change (the account
 * keeps its address until then). EMAIL_TAKEN when another account has the new one.
 */
export async function requestEmailChange(
  ctx: AppContext,
  mailer: Mailer,
  { userId, client, input }: { userId: string; client: string; input: ChangeEmail },
) {
  const account = await requireLocalAccount(ctx, userId);
  await checkCurrentPassword(ctx, account, input.currentPassword, client);
  if (input.newEmail === account.email) {
    throw new AppError('VALIDATION_FAILED', 'That is your address already', { fields: { newEmail: 'That is your address already' } });
  }
  if (await findLocalAccountByEmail(ctx.db, input.newEmail)) {
    throw new AppError('EMAIL_TAKEN', 'Another account has this e-mail address', { fields: { newEmail: 'Another account has this e-mail address' } });
  }
  const token = makeAccountToken(ctx, {
    purpose: 'email-change',
    accountId: account.id,
    bound: addressState(account),
    payload: input.newEmail,
    ttlMs: CHANGE_TTL_MS,
  });
  const link = `${ctx.env.APP_ORIGIN}${CONFIRM_EMAIL_CHANGE_PATH}?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: input.newEmail,
    subject: 'Confirm your new e-mail address for SoleSwap',
    text: [`Hi ${account.username},`, '', 'To make this your SoleSwap address, open this link (it works for 3 days):', link].join('\n'),
    html: `<p>Hi ${escapeHtml(account.username)},</p><p><a href="${escapeHtml(link)}">Make this my SoleSwap address</a> (the link works for 3 days).</p>`,
  });
}

export type EmailChangeOutcome = 'changed' | 'undone' | 'expired' | 'invalid' | 'taken';

/** Makes the change a link confirms, and tells the old address, with a link that undoes it for EMAIL_UNDO_DAYS. */
export async function confirmEmailChange(ctx: AppContext, mailer: Mailer, token: string): Promise<EmailChangeOutcome> {
  const read = readAccountToken(token, 'email-change');
  if (!read) return 'invalid';
  const account = await findLocalAccountById(ctx.db, read.accountId);
  if (!account || !accountTokenMatches(ctx, read, 'email-change', addressState(account))) return 'invalid';
  if (ctx.now().getTime() > read.expiresAt) return 'expired';
  const oldEmail = account.email;
  const now = ctx.now();
  const changed = await setLocalAccountEmail(ctx.db, account.id, read.payload, now, now);
  if (!changed) return 'taken';
  const linkId = await insertEmailUndoLink(ctx.db, {
    accountId: account.id,
    restoreEmail: oldEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_TTL_MS),
  });
  const undo = makeAccountToken(ctx, {
    purpose: 'email-undo',
    accountId: account.id,
    bound: undoBound(linkId),
    payload: String(linkId),
    ttlMs: UNDO_TTL_MS,
  });
  const link = `${ctx.env.APP_ORIGIN}${UNDO_EMAIL_CHANGE_PATH}?token=${encodeURIComponent(undo)}`;
  await mailer.send({
    to: oldEmail,
    subject: 'Your SoleSwap e-mail address was changed',
    text: [
      `Hi ${account.username},`,
      '',
      `The address of your SoleSwap account is now ${changed.email}.`,
      `If you did not make this change, undo it within ${EMAIL_UNDO_DAYS} days with this link; it also signs out every session:`,
      link,
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(account.username)},</p><p>The address of your SoleSwap account is now ${escapeHtml(changed.email)}.</p><p>If you did not make this change, <a href="${escapeHtml(link)}">undo it</a> within ${EMAIL_UNDO_DAYS} days; that also signs out every session.</p>`,
  });
  return 'changed';
}

const undoBound = (linkId: number) => `email-undo-link:${linkId}`;

class AddressTaken extends Error {}

/**
 * Puts back the address the link's change replaced and signs the account out everywhere (whoever
 * changed it is out). The link works once, for EMAIL_UNDO_DAYS, whatever changed after it (issue
 * #39: a second change by someone holding the password no longer voids the owner's link); its use
 * voids every undo link of the account issued after it, so a later change's link (mailed to an
 * address the owner may not hold) cannot take the address away again.
 */
export async function undoEmailChange(ctx: AppContext, { token, destroy }: { token: string; destroy: DestroySession }): Promise<EmailChangeOutcome> {
  const read = readAccountToken(token, 'email-undo');
  if (!read || !/^\d{1,12}$/.test(read.payload)) return 'invalid';
  const linkId = Number(read.payload);
  if (!accountTokenMatches(ctx, read, 'email-undo', undoBound(linkId))) return 'invalid';
  const now = ctx.now();
  if (now.getTime() > read.expiresAt) return 'expired';
  const link = await findEmailUndoLink(ctx.db, linkId, read.accountId);
  if (!link || link.usedAt) return 'invalid';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  try {
    const undone = await ctx.db.transaction(async (tx) => {
      const used = await useEmailUndoLink(tx, { id: linkId, accountId: read.accountId, now });
      if (!used) return false;
      await voidEmailUndoLinksAfter(tx, { accountId: read.accountId, afterId: linkId, now });
      if (!(await setLocalAccountEmail(tx, read.accountId, used.restoreEmail, now, now))) throw new AddressTaken();
      return true;
    });
    if (!undone) return 'invalid';
  } catch (error) {
    if (error instanceof AddressTaken) return 'taken';
    throw error;
  }
  await signOutAccountEverywhere(ctx, read.accountId, destroy);
  return 'undone';
}
