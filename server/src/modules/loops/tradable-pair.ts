import { and, eq, sql, type SQL } from 'drizzle-orm';
import { escrowLocks, loopLegs, loops, sneakers } from '../../db/schema/index';

/**
 * What "a pair that can be offered" means, as SQL over the sneakers table, shared by the loops
 * market and the wantlist's match counts so both always agree.
 */

/** The catalogue size of a stored size: older rows spell it "US 10". */
export const normalizedSize = sql<string>`regexp_replace(${sneakers.size}, '^[^0-9]*', '')`;

/**
 * A pair that can be offered: listed for trade, linked to the catalogue, not escrow-locked
 * (in an accepted trade or loop) and not waiting in a proposed loop.
 */
export const isTradablePair: SQL = and(
  eq(sneakers.isAvailableForTrade, true),
  sql`${sneakers.catalogReleaseId} is not null`,
  sql`not exists (select 1 from ${escrowLocks} where ${escrowLocks.sneakerId} = ${sneakers.id})`,
  sql`not exists (select 1 from ${loopLegs} join ${loops} on ${loops.id} = ${loopLegs.loopId}
        where ${loops.status} = 'proposed' and ${sneakers.id} = any(${loopLegs.sneakerIds}))`,
)!;

