import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';

/**
 * The signed links of account recovery and e-mail changes: `purpose.accountId.expiry.payload.signature`.
 * Nothing is stored. Each token is bound to the state it changes, so it works once: a reset link
 * signs the account's current password hash (a reset changes it), an e-mail change link signs the
 * address it replaces (the change replaces it).
 */
export type AccountTokenPurpose = 'reset' | 'email-change' | 'email-undo';

function sign(ctx: AppContext, parts: string[]): string {
  const key = createHmac('sha256', ctx.env.SESSION_SECRET).update('soleswap/idp/account-tokens').digest();
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

/** A token for `purpose` on the account, valid for `ttlMs`; `bound` is the state it must still find, `payload` travels in clear. */
export function makeAccountToken(
  ctx: AppContext,
  {
    purpose,
    accountId,
    bound,
    payload = '',
    ttlMs,
  }: { purpose: AccountTokenPurpose; accountId: string; bound: string; payload?: string; ttlMs: number },
): string {
  const expires = Math.floor((ctx.now().getTime() + ttlMs) / 1000);
  const data = Buffer.from(payload).toString('base64url');
  return [purpose, accountId, expires, data, sign(ctx, [purpose, accountId, String(expires), data, bound])].join('.');
}

/** The parts of a token of this purpose, before its signature is checked against the account's state. */
export function readAccountToken(token: string, purpose: AccountTokenPurpose) {
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const [kind, accountId, expiresText, data, signature] = parts as [string, string, string, string, string];
  if (kind !== purpose || !/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f-]{36}$/i.test(accountId)) return null;
  return {
    accountId,
    expiresAt: Number(expiresText) * 1000,
    payload: Buffer.from(data, 'base64url').toString(),
    check: { expiresText, data, signature },
  };
}

/** True when the token was signed for this purpose, account and still-current bound state. */
export function accountTokenMatches(
  ctx: AppContext,
  token: NonNullable<ReturnType<typeof readAccountToken>>,
  purpose: AccountTokenPurpose,
  bound: string,
) {
  const expected = Buffer.from(sign(ctx, [purpose, token.accountId, token.check.expiresText, token.check.data, bound]));
  const given = Buffer.from(token.check.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
