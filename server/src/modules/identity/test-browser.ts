import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * For tests: a browser over app.inject that keeps every cookie with its path (the provider's
 * `_interaction` cookie is scoped to /idp/interaction/:uid) and follows redirects by hand, so a
 * test walks the real sign-in flow. Each browser has its own client address, as separate people
 * would, so per-IP rate limits see them apart.
 */
export class TestBrowser {
  private readonly jar = new Map<string, { name: string; value: string; path: string }>();
  readonly remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  constructor(
    private readonly app: FastifyInstance,
    readonly origin: string,
  ) {}

  /** One request to our origin (absolute URLs elsewhere are refused: the test would leave the app). */
  async request(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const target = new URL(url, this.origin);
    if (target.origin !== this.origin) throw new Error(`the browser would leave the app for ${target.href}`);
    const cookie = this.cookieHeader(target.pathname);
    const res = await this.app.inject({
      method,
      url: target.pathname + target.search,
      remoteAddress: this.remoteAddress,
      // An https origin is reached as through a TLS-terminating proxy (the app must trust it).
      headers: {
        host: target.host,
        ...(target.protocol === 'https:' ? { 'x-forwarded-proto': 'https' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; path?: string; maxAge?: number; expires?: Date }[]) {
      const path = c.path ?? '/';
      const key = `${c.name} ${path}`;
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.jar.delete(key);
      else this.jar.set(key, { name: c.name, value: c.value, path });
    }
    return { res, url: target };
  }

  /** A page load: GETs the URL and follows redirects until an answer that is not one. */
  async navigate(url: string) {
    let next = url;
    const visited: string[] = [];
    for (let hop = 0; hop < 15; hop++) {
      const { res, url: at } = await this.request('GET', next, undefined, { accept: 'text/html' });
      visited.push(at.pathname + at.search);
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') return { res, url: at, visited };
      next = new URL(location, at).href;
    }
    throw new Error(`too many redirects: ${visited.join(' -> ')}`);
  }

  /** A fetch() from a page of our origin sending JSON, as the web app does. */
  postJson(url: string, body: unknown) {
    return this.request('POST', url, body, { origin: this.origin, 'content-type': 'application/json' });
  }

  /** The value of a cookie the browser holds, by name (any path). */
  cookie(name: string): string | undefined {
    return [...this.jar.values()].find((c) => c.name === name)?.value;
  }

  private cookieHeader(pathname: string): string {
    return [...this.jar.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}
