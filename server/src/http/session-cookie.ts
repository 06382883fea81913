/** The name of the cookie that carries a member's session id (set by @fastify/session in app.ts). */
export const SESSION_COOKIE = 'soleswap.sid';

interface CookieEnv {
  NODE_ENV: 'development' | 'test' | 'production';
  APP_ORIGIN: string;
}

/**
 * Whether the session cookie is `Secure` (browsers send it over https only): always in
 * production, and wherever the site is served over https. Production on a plain-http origin thus
 * signs nobody in, which startWarning says out loud.
 */
export function isSessionCookieSecure(env: CookieEnv): boolean {
  return env.NODE_ENV === 'production' || env.APP_ORIGIN.startsWith('https://');
}

/** A line for the start-up log when production runs on plain http (browsers will not send the Secure session cookie back). */
export function insecureOriginWarning(env: CookieEnv): string | null {
  if (env.NODE_ENV !== 'production' || env.APP_ORIGIN.startsWith('https://')) return null;
  return (
    `NODE_ENV=production on a plain-http APP_ORIGIN (${env.APP_ORIGIN}): the session cookie is Secure, so browsers ` +
    'will not send it back over http and nobody stays signed in. Serve the site over https and set APP_ORIGIN to its https address.'
  );
}
