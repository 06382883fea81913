import type { AppContext } from '../../context';
import { marketOf, type Market } from '../loops/load-market';
import { wantKeys } from './match-keys';
import { findMarketWantsOf, findPartnerRows, findTradablePairsOf } from './wants.repository';

/**
 * The part of the market a member's two-way matches are read from (at a million listings the
 * whole market is far too big to load per request): the member's own tradable pairs and wants,
 * and of each possible partner only what can pass between them: their pairs meeting one of the
 * member's wants, found by index within a fixed budget of pairs per request (match-keys.ts), and
 * their wants of the releases the member offers. A possible partner is someone with both. Where
 * no wanted (release, size) holds more pairs than the budget gives it, the engine finds in this
 * part exactly the two-way matches it finds in the whole market; where one does, the first listed
 * pairs of it are read, so a request's cost does not grow with the market. Three reads (the
 * member's pairs, their wants, then the partners' rows in one statement), then the blocks among
 * these members.
 */
export async function loadMarketAround(ctx: AppContext, userId: string): Promise<Market> {
  const mine = await findTradablePairsOf(ctx.db, userId);
  const myWants = await findMarketWantsOf(ctx.db, userId);
  // Nothing to give or nothing wanted: no two-way match, and no need to read anyone else.
  if (mine.length === 0 || myWants.length === 0) return marketOf(ctx, mine, myWants);
  const partners = await findPartnerRows(
    ctx.db,
    userId,
    wantKeys(myWants),
    mine.map((p) => p.catalogReleaseId),
  );
  return marketOf(ctx, [...mine, ...partners.pairs], [...myWants, ...partners.wants]);
}
