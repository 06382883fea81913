import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as loops from './loops.repository';

/** What other modules may read on loops (the loops module owns them): who belongs to a loop. */

/** The members of the loop, in position order (member i gives leg i); empty when there is no such loop. */
export async function findLoopMemberIds(db: Db, loopId: number): Promise<string[]> {
  return loops.findLoopMemberIds(db, loopId);
}

/**
 * Subquery, one row per loop the member belongs to: (loop_id). `userId`: the id, or an SQL
 * expression for it (a column of the statement it goes in).
 */
export function loopIdsOfMemberSubquery(userId: string | SQLWrapper): SQL {
  return loops.loopIdsOfMemberSubquery(userId);
}
