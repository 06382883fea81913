import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_PATTERNS, isAppPage } from './app-pages';

/** The route patterns of the web's route table, read from its source (contracts never import the web). */
function webRoutePatterns(): string[] {
  const source = readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');
  const routed = [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]!);
  const protectedBlock = /const PROTECTED_PATHS = \[([\s\S]*?)\]/.exec(source)?.[1] ?? '';
  const protectedPaths = [...protectedBlock.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  return [...new Set([...routed, ...protectedPaths])].sort();
}

describe('the app pages the site statistics count', () => {
  it('are exactly the web router’s route patterns', () => {
    const web = webRoutePatterns();
    expect(web.length).toBeGreaterThan(20);
    expect([...APP_PAGE_PATTERNS].sort()).toEqual(web);
  });

  it('match concrete paths of those pages and nothing else', () => {
    for (const page of ['/', '/browse', '/sneakers/12', '/messages/3', '/profile/0b6c1f1e-3b1a-4c55-9a55-1b2f4b9e2f10', '/ledger/ab12']) {
      expect(isAppPage(page), page).toBe(true);
    }
    for (const page of [
      '/wp-admin',
      '/browse/extra',
      '/sneakers',
      '/sneakers/',
      '/buy-cheap-pills',
      '//browse',
      '/BROWSE',
      'browse',
      '/messages/3/4',
      '',
    ]) {
      expect(isAppPage(page), page).toBe(false);
    }
  });
});
