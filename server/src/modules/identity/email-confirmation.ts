import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { emailConfirmationKey } from './derived-secrets';
import type { LocalAccount } from './local-accounts';
import { findLocalAccountById, markLocalAccountEmailVerified } from './local-accounts.repository';
import type { Mailer } from './mailer';

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const CONFIRM_EMAIL_PATH = '/idp/confirm-email';

/** What opening a link did: confirmed now, already confirmed before, too old, or not ours. */
export type ConfirmationOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

/*
 * A link is `accountId.expiry.signature`, the signature an HMAC over the account, its address and
 * the expiry. Nothing is stored: the account's own "confirmed at" says whether it was used, and a
 * link for an address the account no longer has does not verify.
 */
function sign(ctx: AppContext, accountId: string, email: string, expires: number): string {
  return createHmac('sha256', emailConfirmationKey(ctx.env.SESSION_SECRET))
    .update(`${accountId}\n${email.toLowerCase()}\n${expires}`)
    .digest('base64url');
}

/** The link that confirms this account's address, valid for CONFIRMATION_TTL_MS. */
export function confirmationLink(ctx: AppContext, account: Pick<LocalAccount, 'id' | 'email'>): string {
  const expires = Math.floor((ctx.now().getTime() + CONFIRMATION_TTL_MS) / 1000);
  const token = `${account.id}.${expires}.${sign(ctx, account.id, account.email, expires)}`;
  return `${ctx.env.APP_ORIGIN}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

/** The account a token was signed for, whatever its age, or null when the token is not genuine. */
async function accountOfToken(ctx: AppContext, token: string) {
  const [accountId, expiresText, signature, ...rest] = token.split('.');
  if (!accountId || !expiresText || !signature || rest.length || !/^\d{1,12}$/.test(expiresText)) return null;
  const account = await findLocalAccountById(ctx.db, accountId);
  if (!account) return null;
  const expected = Buffer.from(sign(ctx, account.id, account.email, Number(expiresText)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { account, expiresAt: Number(expiresText) * 1000 };
}

/** Confirms the address a link was sent to. A link for an address already confirmed says so, even when old. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<ConfirmationOutcome> {
  const found = await accountOfToken(ctx, token);
  if (!found) return 'invalid';
  if (found.account.emailVerifiedAt) return 'used';
  const now = ctx.now();
  if (now.getTime() > found.expiresAt) return 'expired';
  return (await markLocalAccountEmailVerified(ctx.db, found.account.id, now)) ? 'confirmed' : 'used';
}

/** Mails the account a confirmation link. */
export async function sendConfirmationLink(ctx: AppContext, mailer: Mailer, account: Pick<LocalAccount, 'id' | 'email' | 'username'>) {
  const link = confirmationLink(ctx, account);
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  await mailer.send({
    to: account.email,
    subject: 'Confirm your e-mail address for SoleSwap',
    text: [
      `Hi ${account.username},`,
      '',
      'Please confirm that this is your e-mail address by opening this link:',
      link,
      '',
      'The link works for 3 days. If you did not create a SoleSwap account, do not open it: just ignore this e-mail.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(account.username)},</p>
<p>Please confirm that this is your e-mail address:</p>
<p><a href="${escaped}">Confirm my e-mail address</a></p>
<p>The link works for 3 days. If you did not create a SoleSwap account, do not open it: just ignore this e-mail.</p>`,
  });
}

/**
 * A new link for the account behind an expired one (a genuine token is proof enough that we
 * mailed this account before). Nothing is sent for an address that is confirmed already.
 */
export async function resendConfirmationLink(ctx: AppContext, mailer: Mailer, token: string): Promise<'resent' | 'used' | 'invalid'> {
  const found = await accountOfToken(ctx, token);
  if (!found) return 'invalid';
  if (found.account.emailVerifiedAt) return 'used';
  await sendConfirmationLink(ctx, mailer, found.account);
  return 'resent';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
