import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The search code stays easy to enter (issue #31): its files depend one way, the request and the
 * plan, then the SQL builders, then the readers, then findSneakerPage, which chooses among them.
 * Six of them once imported each other in a circle.
 */
const SEARCH_FILES = [
  'search-plan.ts',
  'search-request.ts',
  'search-sql.ts',
  'size-filter-sql.ts',
  'covering-walk-sql.ts',
  'both-tiers.repository.ts',
  'value-bands.repository.ts',
  'value-search.repository.ts',
  'release-listings.repository.ts',
  'sneaker-search.repository.ts',
];

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return [...text.matchAll(/from '\.\/([^']+)'/g)].map((m) => `${m[1]}.ts`).filter((f) => SEARCH_FILES.includes(f));
}

describe('the search files', () => {
  it('import each other in one direction only (no cycle)', () => {
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      for (const next of importsOf(file)) {
        if (trail.includes(next)) cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
        else visit(next, [...trail, next]);
      }
    };
    for (const file of SEARCH_FILES) visit(file, [file]);
    expect(cycles).toEqual([]);
  });

  it('the request and the plan import no other search file but each other', () => {
    expect(importsOf('search-request.ts')).toEqual(['search-plan.ts']);
    expect(importsOf('search-plan.ts')).toEqual([]);
  });
});
