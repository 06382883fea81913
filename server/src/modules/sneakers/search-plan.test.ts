import { describe, expect, it } from 'vitest';
import { encodeOpaqueCursor } from '../../http/opaque-cursor';
import { decodeSearchCursor, encodeSearchCursor, planSearch, remainingTiers } from './search-plan';

describe('planSearch', () => {
  it('ranks by relevance when words are given, else newest first', () => {
    expect(planSearch({ hasWords: true })).toEqual({
      sort: 'relevance',
      key: 'created',
      direction: 'desc',
      tiers: [
        { rank: 1, wordStart: true },
        { rank: 0, wordStart: false },
      ],
    });
    expect(planSearch({ hasWords: false })).toMatchObject({
      sort: 'newest',
      key: 'created',
      direction: 'desc',
      tiers: [{ rank: 0, wordStart: null }],
    });
  });

  it('sorts by value in either direction with a single tier', () => {
    expect(planSearch({ sort: 'value_desc', hasWords: true })).toMatchObject({
      key: 'value',
      direction: 'desc',
      tiers: [{ rank: 0, wordStart: null }],
    });
    expect(planSearch({ sort: 'value_asc', hasWords: false })).toMatchObject({ key: 'value', direction: 'asc' });
    expect(planSearch({ sort: 'newest', hasWords: true }).tiers).toEqual([{ rank: 0, wordStart: null }]);
  });
});

describe('remainingTiers', () => {
  const plan = planSearch({ hasWords: true });

  it('reads every tier from the start on the first page', () => {
    expect(remainingTiers(plan)).toEqual([{ tier: plan.tiers[0] }, { tier: plan.tiers[1] }]);
  });

  it('continues in the tier the cursor stopped in, then reads lower tiers from their start', () => {
    const inTop = { rank: 1, key: '2025-01-01 00:00:00+00', id: 9 };
    expect(remainingTiers(plan, inTop)).toEqual([{ tier: plan.tiers[0], after: inTop }, { tier: plan.tiers[1] }]);
    const inBottom = { rank: 0, key: '2025-01-01 00:00:00+00', id: 9 };
    expect(remainingTiers(plan, inBottom)).toEqual([{ tier: plan.tiers[1], after: inBottom }]);
  });
});

describe('search cursors', () => {
  const newest = planSearch({ hasWords: false });
  const value = planSearch({ sort: 'value_desc', hasWords: false });

  it('round-trips a position exactly, microseconds included', () => {
    const position = { rank: 0, key: '2025-03-04 05:06:07.123456+00', id: 42 };
    const cursor = encodeSearchCursor(newest, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(newest, cursor)).toEqual(position);
    expect(decodeSearchCursor(value, encodeSearchCursor(value, { rank: 0, key: '250.00', id: 7 }))).toEqual({ rank: 0, key: '250.00', id: 7 });
  });

  it('refuses junk, a cursor of another sort and a forged key', () => {
    expect(decodeSearchCursor(newest, 'not a cursor!')).toBeNull();
    expect(decodeSearchCursor(newest, encodeOpaqueCursor({ hello: 1 }))).toBeNull();
    expect(decodeSearchCursor(newest, encodeSearchCursor(value, { rank: 0, key: '250.00', id: 7 }))).toBeNull();
    expect(decodeSearchCursor(newest, encodeOpaqueCursor({ s: 'newest', t: 0, k: "x'; drop table sneakers", i: 1 }))).toBeNull();
    expect(decodeSearchCursor(newest, encodeOpaqueCursor({ s: 'newest', t: 5, k: '2025-03-04 05:06:07+00', i: 1 }))).toBeNull();
  });
});
