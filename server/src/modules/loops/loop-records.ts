import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Subquery, one row per loop of that id: (id), the row locked FOR KEY SHARE until the transaction
 * ends, the lock a row that references the loop takes. The ledger takes it before the head of its
 * chain (ledger/append-ledger-entry.ts), so a money step writing a loop's entry (a protection hold
 * authorized, captured or released) never holds the head while waiting for a loop a transition holds
 * (docs/rules/ledger.md#lock-order).
 */
export function loopKeyShareSubquery(loopId: number): SQL {
  return sql`(select id from loops where id = ${loopId}::int for key share)`;
}
