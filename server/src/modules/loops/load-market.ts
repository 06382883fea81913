import type { AppContext } from '../../context';
import type { Listing, Want } from './clearing/clearing.types';
import { findMarketPairs, findMarketWants } from './market.repository';

export interface Market {
  listings: Listing[];
  wants: Want[];
}

const cents = (money: string) => Math.round(Number(money) * 100);

/**
 * The market as the clearing engine reads it: tradable pairs (listed, not hidden, not in escrow,
 * not in a proposed loop) and wants, in two set-based queries. Wants are ranked per member by
 * their stored order, 1 being the first choice.
 */
export async function loadMarket(ctx: AppContext): Promise<Market> {
  const [pairs, wantRows] = await Promise.all([findMarketPairs(ctx.db), findMarketWants(ctx.db)]);
  const listings: Listing[] = pairs.map((p) => ({
    pairId: p.id,
    ownerId: p.userId,
    releaseId: p.catalogReleaseId,
    size: String(Number(p.size)),
    condition: Number(p.condition),
    valueCents: cents(p.value),
  }));
  const wants: Want[] = wantRows.map((w) => ({
    wantId: w.id,
    memberId: w.userId,
    releaseId: w.catalogReleaseId,
    sizes: w.sizes.map((s) => String(Number(s))),
    minCondition: Number(w.minCondition),
    maxValueCents: w.maxValue === null ? null : cents(w.maxValue),
    rank: w.rank,
  }));
  return { listings, wants };
}
