import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPageShells, chunkFiles, MEMBER_SHELL, PAGE_PRELOADS, withModulePreloads, type Manifest } from './page-preloads';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');

const INDEX = '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
  '_radix.js': { file: 'assets/radix.js', imports: ['_shared.js'] },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['index.html', '_shared.js'] },
  'src/app/layout/nav-bar.tsx': { file: 'assets/nav-bar.js', imports: ['_radix.js', 'index.html', '_shared.js'] },
  'src/app/pages/visitor-home-route.tsx': { file: 'assets/visitor-home.js', imports: ['index.html'] },
  'src/features/sneakers/components/browse-page.tsx': { file: 'assets/browse.js', imports: ['_shared.js'] },
};

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the lazy chunks a first page names in its app shell', () => {
  it('follows static imports once each and leaves out the entry, which the shell loads anyway', () => {
    expect(chunkFiles(manifest, 'src/app/layout/nav-bar.tsx')).toEqual(['assets/nav-bar.js', 'assets/radix.js', 'assets/shared.js']);
    expect(chunkFiles(manifest, 'src/no-such-file.tsx')).toEqual([]);
  });

  it("gives a member's home its page and the app bar, page first, with no file twice", () => {
    const shells = buildPageShells(INDEX, manifest);
    expect(preloadsOf(shells.shellFor('/', true))).toEqual(['/assets/home-page.js', '/assets/shared.js', '/assets/nav-bar.js', '/assets/radix.js']);
  });

  it("gives a visitor the visitor's page and none of the member's code", () => {
    const shells = buildPageShells(INDEX, manifest);
    expect(preloadsOf(shells.shellFor('/', false))).toEqual(['/assets/visitor-home.js']);
    expect(preloadsOf(shells.shellFor('/browse', false))).toEqual(['/assets/browse.js', '/assets/shared.js']);
  });

  it('gives pages it has no entry for the plain shell, or only the app bar for a member', () => {
    const shells = buildPageShells(INDEX, manifest);
    expect(shells.shellFor('/sneakers/12', false)).toBe(INDEX);
    expect(preloadsOf(shells.shellFor('/sneakers/12', true))).toEqual(['/assets/nav-bar.js', '/assets/radix.js', '/assets/shared.js']);
  });

  it('leaves the shell as it is without a manifest', () => {
    expect(buildPageShells(INDEX, {}).shellFor('/', true)).toBe(INDEX);
    expect(withModulePreloads(INDEX, [])).toBe(INDEX);
  });

  it("names only the web client's own source files, so a renamed page fails here instead of losing its hint", () => {
    const keys = [...MEMBER_SHELL, ...PAGE_PRELOADS.flatMap((page) => [page.visitor, page.member].filter((key) => key !== undefined))];
    expect(keys.filter((key) => !existsSync(path.join(WEB_ROOT, key)))).toEqual([]);
  });

  it('puts the links inside the head, after what was there', () => {
    const html = withModulePreloads(INDEX, ['assets/a.js']);
    expect(html.indexOf('src="/assets/index.js"')).toBeLessThan(html.indexOf('href="/assets/a.js"'));
    expect(html.indexOf('href="/assets/a.js"')).toBeLessThan(html.indexOf('</head>'));
  });
});
