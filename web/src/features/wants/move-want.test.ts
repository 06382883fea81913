import { describe, expect, it } from 'vitest';
import { moveWant } from './move-want';

describe('moveWant', () => {
  it('moves one id up, down or across the list, keeping the others in order', () => {
    expect(moveWant([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveWant([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moveWant([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });

  it('changes nothing for a move off either end', () => {
    expect(moveWant([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveWant([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });
});
