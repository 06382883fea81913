import { and, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakerEstimateChanges } from '../../db/schema/index';

/**
 * Keeps the estimate a pair had until `at` (its owner just changed it), in the caller's transaction;
 * the pair's rows from before `forgetBefore` are no use to anyone any more and go.
 */
export async function recordEstimateChange(
  tx: Db,
  { sneakerId, previous, at, forgetBefore }: { sneakerId: number; previous: string; at: Date; forgetBefore: Date },
) {
  await tx
    .delete(sneakerEstimateChanges)
    .where(and(eq(sneakerEstimateChanges.sneakerId, sneakerId), lte(sneakerEstimateChanges.replacedAt, forgetBefore)));
  await tx.insert(sneakerEstimateChanges).values({ sneakerId, estimatedValue: previous, replacedAt: at });
}

/** The highest estimate each of these pairs had before a change made after `since`, by pair (pairs without one are absent). */
export async function findHighestReplacedEstimates(db: Db, ids: number[], since: Date): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sneakerId: sneakerEstimateChanges.sneakerId, highest: max(sneakerEstimateChanges.estimatedValue) })
    .from(sneakerEstimateChanges)
    .where(and(inArray(sneakerEstimateChanges.sneakerId, ids), gt(sneakerEstimateChanges.replacedAt, since)))
    .groupBy(sneakerEstimateChanges.sneakerId);
  return new Map(rows.filter((r) => r.highest !== null).map((r) => [r.sneakerId, r.highest!]));
}
