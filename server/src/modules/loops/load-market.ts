import type { AppContext } from '../../context';
import { findBlockedPairsAmong } from '../blocks/block-guard';
import { findSuspendedAmongMembers } from '../users/member-suspension';
import type { Listing, Want } from './clearing/clearing.types';
import type { MarketWantlists } from './market-wantlists';
import * as market from './market.repository';
import type { MarketWantRow } from './market.repository';

/** A tradable pair as the market reads it (id, owner, release, size, condition, value). */
export type MarketPairRow = market.MarketPairRow;

/**
 * The pair rows of a raw query that selects (id, user_id, catalog_release_id, size, condition,
 * value), as the market reads them: how the wants module reads the part of the market it needs.
 */
export function toMarketPairRows(result: unknown): MarketPairRow[] {
  return market.toMarketPairRows(result);
}

export interface Market {
  listings: Listing[];
  wants: Want[];
  /** Members of this market who block each other (either way): they never trade with each other. */
  excludedPairs: Array<[string, string]>;
}

const cents = (money: string) => Math.round(Number(money) * 100);

/**
 * The market as the clearing engine reads it: tradable pairs (listed, not hidden, not in escrow,
 * not in a proposed loop) and wants, in two set-based queries, then the blocks among the members
 * found, in a third. Wants are ranked per member by their stored order, 1 being the first choice;
 * they are read through `wantlists`, which the wants module hands in.
 */
export async function loadMarket(ctx: AppContext, wantlists: MarketWantlists): Promise<Market> {
  // Sequential: clearing calls this inside its transaction, where one connection runs one query at a time.
  const pairs = await market.findMarketPairs(ctx.db, wantlists);
  const wantRows = await market.findMarketWants(ctx.db, wantlists);
  return marketOf(ctx, pairs, wantRows);
}

/**
 * The market of these pair and want rows as the engine reads it (sizes compared as numbers, so
 * "10.0" meets "10"; money in cents), without suspended members' rows, with the blocks among
 * their members (two queries).
 * The wants module builds the part of the market around one member with it.
 */
export async function marketOf(ctx: AppContext, allPairs: MarketPairRow[], allWantRows: MarketWantRow[]): Promise<Market> {
  // A suspended member is off the market: their pairs and wants are in no match and no loop.
  const suspended = new Set(await findSuspendedAmongMembers(ctx.db, [...allPairs.map((p) => p.userId), ...allWantRows.map((w) => w.userId)]));
  const pairs = suspended.size ? allPairs.filter((p) => !suspended.has(p.userId)) : allPairs;
  const wantRows = suspended.size ? allWantRows.filter((w) => !suspended.has(w.userId)) : allWantRows;
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
  const memberIds = [...pairs.map((p) => p.userId), ...wantRows.map((w) => w.userId)];
  return { listings, wants, excludedPairs: await findBlockedPairsAmong(ctx.db, memberIds) };
}
