import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakerEstimateChanges } from '../../db/schema/index';

/**
 * Keeps the estimate and condition a pair had until `at` (its owner just changed one of them), in
 * the caller's transaction; the pair's rows from before `forgetBefore` are no use to anyone any
 * more and go.
 */
export async function recordEstimateChange(
  tx: Db,
  {
    sneakerId,
    previous,
    at,
    forgetBefore,
  }: { sneakerId: number; previous: { estimatedValue: string; condition: string }; at: Date; forgetBefore: Date },
) {
  await tx
    .delete(sneakerEstimateChanges)
    .where(and(eq(sneakerEstimateChanges.sneakerId, sneakerId), lte(sneakerEstimateChanges.replacedAt, forgetBefore)));
  await tx.insert(sneakerEstimateChanges).values({ sneakerId, ...previous, replacedAt: at });
}

/** The estimates and conditions each of these pairs had before a change made after `since`, by pair (pairs without one are absent). */
export async function findReplacedValues(
  db: Db,
  ids: number[],
  since: Date,
): Promise<Map<number, Array<{ estimatedValue: string; condition: string | null }>>> {
  const found = new Map<number, Array<{ estimatedValue: string; condition: string | null }>>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      sneakerId: sneakerEstimateChanges.sneakerId,
      estimatedValue: sneakerEstimateChanges.estimatedValue,
      condition: sneakerEstimateChanges.condition,
    })
    .from(sneakerEstimateChanges)
    .where(and(inArray(sneakerEstimateChanges.sneakerId, ids), gt(sneakerEstimateChanges.replacedAt, since)));
  for (const { sneakerId, ...value } of rows) found.set(sneakerId, [...(found.get(sneakerId) ?? []), value]);
  return found;
}
