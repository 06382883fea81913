import { pairValueCents } from '@soleswap/contracts/pair-value';
import type { Db } from '../../db/client';
import { findSneakerValues } from './sneaker-records';

/**
 * What each pair is worth, in cents, and whose it is, by id (one query by primary key): the one
 * valuation of contracts/src/pair-value.ts (the release's market price adjusted for the pair's
 * condition, else the owner's estimate). What a trade's protection holds and a loop's legs and
 * holds read (docs/rules/money.md#a-pairs-value). A pair not found is missing.
 */
export async function findPairMarketValues(db: Db, ids: readonly number[]): Promise<Map<number, { userId: string; valueCents: number }>> {
  const rows = await findSneakerValues(db, [...new Set(ids)]);
  return new Map(rows.map((pair) => [pair.id, { userId: pair.userId, valueCents: pairValueCents(pair) }]));
}
