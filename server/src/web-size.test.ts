import { describe, expect, it } from 'vitest';
import { attributeChunk, checkBudget, decodeMappings, moduleName } from '../../scripts/web-size.mjs';

const ROOT = '/repo';

describe('bench:web landing JavaScript shares (#44)', () => {
  it('names a package by its package name and an app file by its path from the repository root', () => {
    expect(moduleName('/repo/node_modules/.pnpm/x/node_modules/react-dom/cjs/react-dom.production.js', ROOT)).toBe('react-dom');
    expect(moduleName('/repo/node_modules/@tanstack/query-core/build/modern/query.js', ROOT)).toBe('@tanstack/query-core');
    expect(moduleName('/repo/web/src/app/routes.tsx', ROOT)).toBe('web/src/app/routes.tsx');
  });

  it('reads source-map mappings (base64 VLQ, relative) as absolute positions', () => {
    expect(decodeMappings('AAAA,8BCAA;ACAE,gBAAgB')).toEqual([
      [
        [0, 0, 0, 0],
        [30, 1, 0, 0],
      ],
      [
        [0, 2, 0, 2],
        [16, 2, 0, 18],
      ],
    ]);
  });

  it("splits a chunk's gzip size among the modules its source map says its bytes came from", () => {
    // One line: 30 bytes from react-dom, 10 from the landing page.
    const code = 'a'.repeat(30) + 'b'.repeat(10);
    const map = {
      sources: ['../../../node_modules/react-dom/index.js', '../../src/features/landing/landing-page.tsx'],
      mappings: 'AAAA,8BCAA',
    };
    const shares = attributeChunk({ code, map, mapDir: '/repo/web/dist/assets', root: ROOT, gzipBytes: 400 });
    expect(Object.fromEntries(shares)).toEqual({ 'react-dom': 300, 'web/src/features/landing/landing-page.tsx': 100 });
  });

  it('over budget, names the modules that grew since the baseline, largest first, and not those that shrank', () => {
    const result = checkBudget({
      totalBytes: 115 * 1024,
      budgetKb: 110,
      baseline: { 'react-dom': 64_000, zod: 0, 'web/src/app/routes.tsx': 2_700, wouter: 1_300 },
      current: { 'react-dom': 64_050, zod: 9_000, 'web/src/app/routes.tsx': 3_200, wouter: 1_100, 'react-hook-form': 13_000 },
    });
    expect(result.over).toBe(true);
    expect(result.grew.map((g) => g.name)).toEqual(['react-hook-form', 'zod', 'web/src/app/routes.tsx']);
    expect(result.grew[0]).toMatchObject({ before: 0, after: 13_000, grewBy: 13_000 });
  });

  it('within budget, is not over even when something grew', () => {
    const result = checkBudget({ totalBytes: 100 * 1024, budgetKb: 110, baseline: {}, current: { zod: 500 } });
    expect(result.over).toBe(false);
    expect(result.grew.map((g) => g.name)).toEqual(['zod']);
  });
});
