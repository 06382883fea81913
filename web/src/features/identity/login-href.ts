import { LOGIN_PATH } from '../../lib/auth-paths';

/**
 * A path on this site to come back to after signing in, or null: it must start with one `/` (not
 * `//` or `/\`, which browsers read as another site), hold no backslash or control character, and
 * not lead back into the sign-in flow itself. The server checks the same before it honours one
 * (server/src/modules/identity/relying-party.ts, safeReturnTo).
 */
export function sameSitePath(value: string): string | null {
  if (value.length > 2000 || !/^\/(?![/\\])/.test(value) || value.includes('\\')) return null;
  if ([...value].some((c) => c < ' ' || c === '\x7f')) return null;
  if (/^\/api\/(login|logout|callback)(?:[/?#]|$)/.test(value)) return null;
  return value;
}

/** The sign-in address that brings the browser back to `returnTo` afterwards (plain sign-in when it is not a same-site path). */
export function loginHref(returnTo?: string): string {
  const path = returnTo === undefined ? null : sameSitePath(returnTo);
  return path && path !== '/' ? `${LOGIN_PATH}?returnTo=${encodeURIComponent(path)}` : LOGIN_PATH;
}
