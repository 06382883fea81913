import { describe, expect, it } from 'vitest';
import { citesOutsideDocs, findOutsideCitations } from '../../scripts/check-doc-citations.mjs';

/**
 * Comments cite docs/ pages, never the product spec, which is not in the repository
 * (scripts/check-doc-citations.mjs, run by `npm run lint`).
 */
describe('citations in comments', () => {
  it.each([
    "  // The spec's call: status 'accepted' is a synonym of accept.",
    '/** The spec’s poll interval, used only while the live stream is down. */',
    ' * The locker button. The spec gives it no function; rather than a',
    '/** Spec: after a successful payment the member is sent home. */',
    ` * see ${'decisions'}.md, item 4`,
  ])('are refused when they lean on a document outside the repository: %s', (line) => {
    expect(citesOutsideDocs(line)).toBe(true);
  });

  it.each([
    '/** The toast text (see docs/rules/trades.md#proposals) when a side is empty. */',
    "  it('names every missing required field with the spec message', async () => {",
    'export function generateMarket(spec: MarketSpec): Market {',
    ' * A market spec: members, releases and the seed.',
  ])('are allowed when they point at docs/ or only use the word: %s', (line) => {
    expect(citesOutsideDocs(line)).toBe(false);
  });

  it('finds none in the repository', () => {
    expect(findOutsideCitations()).toEqual([]);
  });
});
