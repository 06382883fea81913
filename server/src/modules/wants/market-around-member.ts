import type { AppContext } from '../../context';
import { marketOf, type Market } from '../loops/load-market';
import { offerKeys, wantKeys } from './match-keys';
import { findMarketWantsOf, findPartnerRows, findTradablePairsOf } from './wants.repository';

/**
 * The part of the market a member's two-way matches are read from (at a million listings the
 * whole market is far too big to load per request): the member's own tradable pairs and wants,
 * and of each possible partner only what can pass between them: their wants one of the member's
 * pairs may meet and their pairs that may meet one of the member's wants. A possible partner is
 * someone with both. The lookups match release, size, condition and value cap as the engine does
 * (a superset of it, see match-keys.ts), so the engine finds in this part exactly the two-way
 * matches it finds in the whole market. Three reads (the member's pairs, their wants, then the
 * partners' rows in one statement), then the blocks among these members.
 */
export async function loadMarketAround(ctx: AppContext, userId: string): Promise<Market> {
  const mine = await findTradablePairsOf(ctx.db, userId);
  const myWants = await findMarketWantsOf(ctx.db, userId);
  // Nothing to give or nothing wanted: no two-way match, and no need to read anyone else.
  if (mine.length === 0 || myWants.length === 0) return marketOf(ctx, mine, myWants);
  const partners = await findPartnerRows(ctx.db, userId, offerKeys(mine), wantKeys(myWants));
  return marketOf(ctx, [...mine, ...partners.pairs], [...myWants, ...partners.wants]);
}
