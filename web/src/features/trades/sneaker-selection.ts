import { MAX_SNEAKERS_PER_SIDE } from '@soleswap/contracts/trades';

export interface ToggleResult {
  selected: number[];
  /** True when the click tried to add a sneaker beyond the limit (and was ignored). */
  isOverLimit: boolean;
}

/** Adds or removes one sneaker from a side, refusing to go past MAX_SNEAKERS_PER_SIDE. */
export function toggleSneaker(selected: readonly number[], id: number, max = MAX_SNEAKERS_PER_SIDE): ToggleResult {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), isOverLimit: false };
  if (selected.length >= max) return { selected: [...selected], isOverLimit: true };
  return { selected: [...selected, id], isOverLimit: false };
}

/** Both sides of a proposal need at least one sneaker (see docs/rules/trades.md#proposals). */
export function hasBothSides(mine: readonly number[], theirs: readonly number[]): boolean {
  return mine.length > 0 && theirs.length > 0;
}
