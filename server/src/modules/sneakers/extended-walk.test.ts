import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_WINDOW, EXTENDED_WALK_WINDOWS, extendedWalk } from './sneaker-search.repository';

describe('extendedWalk: how far a search walks on when its window held some matches', () => {
  const window = DEFAULT_SCAN_WINDOW;

  it('walks on at the density so far, and half again, when the rest lies near', () => {
    // "milk 2024": 19 of 25 in the first 4,000 entries, 6 more expected within about 1,300.
    expect(extendedWalk(window, window, 19, 25)).toBe(window + Math.ceil(((6 * window) / 19) * 1.5));
  });

  it('hands over to the trigram index when the window held no match, or the rest lies too far', () => {
    expect(extendedWalk(window, window, 0, 25)).toBe(window);
    expect(extendedWalk(window, window, 1, 25)).toBe(window);
    expect(extendedWalk(window, 2 * window, 8, 25)).toBe(2 * window);
  });

  it('never walks past its windows in all', () => {
    for (const found of [1, 5, 10, 15, 20, 24]) {
      for (const read of [window, 2 * window, 3 * window]) {
        expect(extendedWalk(window, read, found, 25)).toBeLessThanOrEqual(Math.max(read, EXTENDED_WALK_WINDOWS * window));
      }
    }
  });
});
