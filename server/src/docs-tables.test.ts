import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@soleswap/contracts/errors';
import { ERROR_STATUS } from './http/error-status';

/**
 * The docs' tables that list what the code has: every route of web/src/app/routes.tsx in the
 * screens table of docs/web-client.md, every code of ERROR_CODES with its status in docs/api.md.
 * A route or code added without its row fails here, as modules.json does in module-map.test.ts.
 */
const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

/** The lines of a `## heading` section, up to the next heading of that level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `section "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** Every path routes.tsx registers: `<Route path="...">` and the member-only PROTECTED_PATHS. */
function routedPaths(): string[] {
  const source = read('web/src/app/routes.tsx');
  const paths = [...source.matchAll(/<Route\s+(?:key=\{[^}]*\}\s+)?path="([^"]+)"/g)].map((m) => m[1]!);
  const protectedList = /const PROTECTED_PATHS = \[([\s\S]*?)\]/.exec(source);
  expect(protectedList, 'PROTECTED_PATHS in routes.tsx').not.toBeNull();
  paths.push(...[...protectedList![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
  return [...new Set(paths)].sort();
}

describe('docs/web-client.md, screens and routes', () => {
  const table = section(read('docs/web-client.md'), 'Screens and routes');
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));
  /** The paths named in the table's first column (a query string after a path is allowed). */
  const documented = new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([^`?]+)(?:\?[^`]*)?`/g)].map((m) => m[1]!)));

  it('finds the routes it checks', () => {
    expect(routedPaths()).toEqual(expect.arrayContaining(['/', '/browse', '/messages/:conversationId', '/settings/notifications']));
  });

  it.each(routedPaths())('has a row for %s', (path) => {
    expect([...documented]).toContain(path);
  });

  it('calls no page a placeholder', () => {
    expect(rows.filter((row) => /placeholder/i.test(row))).toEqual([]);
  });
});

describe('docs/api.md, errors', () => {
  const table = section(read('docs/api.md'), 'Errors');
  const statusOf = new Map(
    table
      .split('\n')
      .map((line) => /^\| `([A-Z_]+)` \| (\d{3}) \|/.exec(line))
      .flatMap((m) => (m ? [[m[1]!, Number(m[2])] as const] : [])),
  );

  it.each([...ERROR_CODES])('lists %s with the status the server answers', (code) => {
    expect(statusOf.get(code), code).toBe(ERROR_STATUS[code]);
  });

  it('lists no code the API does not have', () => {
    expect([...statusOf.keys()].filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});

describe('docs/rules pages', () => {
  const pages = ['docs/rules/payments.md', 'docs/rules/loops.md'];

  it.each(pages)('%s is listed in docs/README.md', (page) => {
    expect(read('docs/README.md')).toContain(`](${page.slice('docs/'.length)})`);
  });

  it.each(readdirSync(new URL('docs/rules/', root)).map((name) => `docs/rules/${name}`))('%s names only source files that exist', (page) => {
    const named = [...read(page).matchAll(/`((?:server|web|contracts)\/[\w./-]+\.tsx?)`/g)].map((m) => m[1]!);
    expect(named.filter((file) => !existsSync(new URL(file, root)))).toEqual([]);
  });
});
