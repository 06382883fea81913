import type { Env } from '../../env';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The hosts (name and port, as in a Host header) that browsers may use for this app besides
 * APP_ORIGIN's: those of APP_ORIGINS, and when APP_ORIGIN is a loopback address, the other
 * loopback names on the same port (http://127.0.0.1:5000 for http://localhost:5000).
 */
export function alternateHosts(env: Pick<Env, 'APP_ORIGIN' | 'APP_ORIGINS'>): Set<string> {
  const canonical = new URL(env.APP_ORIGIN);
  const hosts = new Set<string>();
  for (const origin of env.APP_ORIGINS) {
    try {
      hosts.add(new URL(origin).host);
    } catch {
      // Not a URL: it cannot match a Host header either.
    }
  }
  if (LOOPBACK.includes(canonical.hostname)) {
    for (const name of LOOPBACK) hosts.add(canonical.port ? `${name}:${canonical.port}` : name);
  }
  hosts.delete(canonical.host);
  return hosts;
}

/**
 * Where /api/login sends a browser that came in on another allowed host, or null to sign in
 * right here. The sign-in state lives in a cookie of the host the flow starts on, and the provider
 * returns to APP_ORIGIN only, so the flow must start there. A Host header that is not on the list
 * is never used to build an address: that request just signs in at APP_ORIGIN as before.
 */
export function canonicalLoginUrl(env: Pick<Env, 'APP_ORIGIN'>, alternates: Set<string>, host: string, returnTo: string | undefined): string | null {
  if (!alternates.has(host.toLowerCase())) return null;
  const target = new URL('/api/login', env.APP_ORIGIN);
  if (returnTo) target.searchParams.set('returnTo', returnTo);
  return target.href;
}
