// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentUserKey, followKeys, sneakerKeys, userKeys } from './query-keys';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const KEYS_FILE = 'lib/query-keys.ts';

/** A key written inline (`queryKey: [...]`, `setQueryData([...])`) or a key-like constant built from an API path. */
const INLINE_KEY_PATTERNS = [
  /queryKey:\s*\[/,
  /\.(invalidateQueries|refetchQueries|cancelQueries|removeQueries|resetQueries|setQueryData|getQueryData|getQueryState|setQueriesData|getQueriesData|fetchQuery|prefetchQuery|ensureQueryData)\(\s*\[/,
  /=\s*\[\s*['"`]\/(api|idp)\/[^\]]*\]\s*as const/,
];

/** The lines of `source` that hold an inline query key, as "line: text". */
function findInlineKeys(source: string): string[] {
  return source
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => INLINE_KEY_PATTERNS.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('query keys', () => {
  it('are never written inline: every feature takes its keys from lib/query-keys.ts', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .filter((path) => path !== KEYS_FILE)
      .flatMap((path) => findInlineKeys(readFileSync(join(SRC, path), 'utf8')).map((hit) => `${path}:${hit}`));
    expect(offenders).toEqual([]);
  });

  it('the scan catches the inline forms it is there to forbid', () => {
    expect(findInlineKeys("useQuery({ queryKey: ['/api/things'], queryFn })")).toHaveLength(1);
    expect(findInlineKeys("void queryClient.invalidateQueries({ queryKey: ['/api/users'] });")).toHaveLength(1);
    expect(findInlineKeys("queryClient.setQueryData(['/api/auth/user'], user);")).toHaveLength(1);
    expect(findInlineKeys("const KEY = ['/api/sneakers'] as const;")).toHaveLength(1);
    expect(findInlineKeys('useQuery({ queryKey: sneakerKeys.all, queryFn })')).toEqual([]);
  });

  it('keep the prefixes an invalidation relies on', () => {
    const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);
    expect(startsWith(userKeys.stats('u1'), userKeys.all)).toBe(true);
    expect(startsWith(followKeys.status('u1'), userKeys.detail('u1'))).toBe(true);
    expect(startsWith(followKeys.list('u1', 'followers'), followKeys.lists)).toBe(true);
    expect(startsWith(sneakerKeys.user('u1'), sneakerKeys.all)).toBe(true);
    expect(startsWith(currentUserKey, userKeys.all)).toBe(false);
  });
});
