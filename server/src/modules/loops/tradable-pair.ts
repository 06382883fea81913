import { sql, type SQL } from 'drizzle-orm';
import { loopLegs, loops } from '../../db/schema/index';
import { sneakerListingsSubquery } from '../sneakers/sneaker-records';
import { escrowLockedSneakersSubquery } from '../escrow/escrow-locks';

/**
 * What "a pair that can be offered" means, shared by the loops market and the wantlist's match
 * counts so both always agree: listed for trade, linked to the catalogue, not escrow-locked (in
 * an accepted trade or loop) and not waiting in a proposed loop. The sneakers and escrow locks are
 * read through subqueries their owners build.
 *
 * A subquery of (id, user_id, catalog_release_id, size, condition, value), size in the
 * catalogue's spelling.
 */
export function tradablePairsSubquery(): SQL {
  return sql`(
      select p.id, p.user_id, p.catalog_release_id, p.size, p.condition, p.value
      from ${sneakerListingsSubquery()} p
      where p.is_available_for_trade and p.catalog_release_id is not null
        and not exists (select 1 from ${escrowLockedSneakersSubquery()} l where l.sneaker_id = p.id)
        and not exists (
          select 1 from (
            select unnest(${loopLegs.sneakerIds}) as sneaker_id
            from ${loopLegs} join ${loops} on ${loops.id} = ${loopLegs.loopId}
            where ${loops.status} = 'proposed'
          ) proposed where proposed.sneaker_id = p.id)
    )`;
}
