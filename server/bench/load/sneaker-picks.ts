import type { MarketSetup, SneakerState } from './market-state';

/** The owner of a sneaker drawn at random: a member with sneakers, the more they own the likelier. */
export const memberWithSneakers = (market: MarketSetup & SneakerState): number => market.sneakerOwner[market.random.int(market.options.sneakers)]!;

/**
 * One of member `m`'s sneakers drawn at random (six tries), with `wantUnlocked` one that is listed
 * for trade and in no escrow yet; null when the member has none (or none such was drawn).
 */
export function pickSneaker(market: MarketSetup & SneakerState, m: number, wantUnlocked: boolean): number | null {
  const { random, ownership, sneakerLocked, sneakerAvailable } = market;
  const from = ownership.start[m]!;
  const n = ownership.start[m + 1]! - from;
  if (n === 0) return null;
  for (let attempt = 0; attempt < 6; attempt++) {
    const id = ownership.ids[from + random.int(n)]!;
    if (!wantUnlocked || (!sneakerLocked[id] && sneakerAvailable[id])) return id;
  }
  return null;
}
