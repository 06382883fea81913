import { describe, expect, it } from 'vitest';
import { CATALOG_RELEASES } from './data/releases';
import { catalogueSpelling, rankReleases, suggestQuery } from './release-matcher';
import { SEARCH_QUERIES } from './search-queries.fixture';
import { rewriteQuery } from './search-query';

/** The shipped catalogue with ids, as the database holds it. */
const RELEASES = CATALOG_RELEASES.map((r, i) => ({ ...r, id: i + 1 }));
const top = (q: string, n = 5) =>
  rankReleases(RELEASES, q)
    .slice(0, n)
    .map((r) => r.release.styleCode);

describe('catalogue search: queries as collectors type them', () => {
  it(`finds the intended release in the top 5 for at least 95% of ${SEARCH_QUERIES.length} queries`, () => {
    expect(SEARCH_QUERIES.length).toBeGreaterThanOrEqual(150);
    for (const [, code] of SEARCH_QUERIES) expect(RELEASES.map((r) => r.styleCode)).toContain(code);
    const missed = SEARCH_QUERIES.filter(([q, code]) => !top(q).includes(code));
    const recall = 1 - missed.length / SEARCH_QUERIES.length;
    console.log(`top-5 recall ${(recall * 100).toFixed(1)}% over ${SEARCH_QUERIES.length} queries; missed: ${missed.map(([q]) => q).join(', ')}`);
    expect(recall, `missed: ${missed.map(([q]) => q).join(', ')}`).toBeGreaterThanOrEqual(0.95);
    // Two hundred queries, each word compared with the catalogue's: seconds on a busy machine.
  }, 30_000);

  it('puts the model the numbers name first: "jordan 4 bred" is an Air Jordan 4, "jordan 4" lists no Air Jordan 11', () => {
    expect(top('jordan 4 bred', 1)).toEqual(['FV5029-006']);
    const jordan4 = rankReleases(RELEASES, 'jordan 4').map((r) => r.release.model);
    expect(jordan4.length).toBeGreaterThan(3);
    expect(jordan4.every((m) => m === 'Air Jordan 4')).toBe(true);
  });

  it('puts the exact phrase first: "white cement" is the White Cement 4, not the Bred Reimagined', () => {
    expect(top('white cement', 1)).toEqual(['FV5029-100']);
  });

  it('rewrites abbreviations, number words, plurals, spacing and accents', () => {
    expect(rewriteQuery('AJ1 Black-Toe')).toEqual(['air', 'jordan', '1', 'black', 'toe']);
    expect(rewriteQuery('jordan four')).toEqual(['jordan', '4']);
    expect(rewriteQuery('j11')).toEqual(['jordan', '11']);
    expect(rewriteQuery('nb 9060')).toEqual(['new', 'balance', '9060']);
    expect(rewriteQuery('yzy slides')).toEqual(['yeezy', 'slide']);
    expect(rewriteQuery('XT-6')).toEqual(rewriteQuery('xt6'));
    expect(rewriteQuery('Maniére')).toEqual(['maniere']);
    expect(rewriteQuery('jordan iv')).toEqual(['jordan', '4']);
    expect(rewriteQuery('aj xi')).toEqual(['air', 'jordan', '11']);
    expect(rewriteQuery('990v6')).toEqual(['990', 'v', '6']);
    expect(top('speed cat')).toContain('398846-02');
    expect(top('jordan iii black cement', 1)).toEqual(['DN3707-010']);
  });

  it('tolerates one typo from 4 letters and two from 8, never in numbers', () => {
    expect(top('jordon 4', 1)).not.toEqual([]);
    expect(top('salomn', 1)).toEqual(['L41086600']);
    expect(top('bleched aqau', 1)).toEqual(['HF6061-400']);
    expect(top('jordan 44')).toEqual([]);
  });

  it("spells the words as the catalogue does, for matching listings' text", () => {
    expect(catalogueSpelling(RELEASES, 'jordon 4 black cat')).toEqual(['jordan', '4', 'black', 'cat']);
    expect(catalogueSpelling(RELEASES, 'wutang dunk')).toEqual(['wu', 'tang', 'dunk']);
    expect(catalogueSpelling(RELEASES, 'speedcat')).toEqual(['speedcat']);
  });

  it('suggests a spelling when nothing matches', () => {
    expect(top('jrdaan fer')).toEqual([]);
    expect(suggestQuery(RELEASES, 'sanbaa')).toBe('samba');
    expect(suggestQuery(RELEASES, 'samba')).toBeNull();
    expect(suggestQuery(RELEASES, 'zzzzqqq')).toBeNull();
  });
});
