import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogReleases, matches, sneakers, users, wants } from '../../db/schema/index';
import { isTradablePair, normalizedSize } from '../loops/tradable-pair';

/** All queries of the wants module: wantlists, per-want match counts, recorded matches. */

export type WantRow = typeof wants.$inferSelect;

export interface WantWithRelease extends WantRow {
  release: { id: number; name: string; brand: string; styleCode: string; sizes: string[]; marketPrice: string };
}

export async function findWantsOf(db: Db, userId: string): Promise<WantWithRelease[]> {
  const rows = await db
    .select({
      want: wants,
      release: {
        id: catalogReleases.id,
        name: catalogReleases.name,
        brand: catalogReleases.brand,
        styleCode: catalogReleases.styleCode,
        sizes: catalogReleases.sizes,
        marketPrice: catalogReleases.marketPrice,
      },
    })
    .from(wants)
    .innerJoin(catalogReleases, eq(catalogReleases.id, wants.catalogReleaseId))
    .where(eq(wants.userId, userId))
    .orderBy(asc(wants.rank), asc(wants.id));
  return rows.map((r) => ({ ...r.want, release: r.release }));
}

/** The member's want, locked for the change, or null when it is not theirs (or does not exist). */
export async function lockWantOf(tx: Db, userId: string, id: number): Promise<WantRow | null> {
  const [row] = await tx.select().from(wants).where(and(eq(wants.id, id), eq(wants.userId, userId))).for('update');
  return row ?? null;
}

/** Row-locks the member so that two concurrent changes to their wantlist rank one after the other. */
export async function lockMember(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function countWantsOf(db: Db, userId: string): Promise<{ count: number; maxRank: number }> {
  const [row] = await db.select({ count: count(), maxRank: max(wants.rank) }).from(wants).where(eq(wants.userId, userId));
  return { count: row?.count ?? 0, maxRank: row?.maxRank ?? 0 };
}

export async function findWantByRelease(db: Db, userId: string, catalogReleaseId: number): Promise<WantRow | null> {
  const [row] = await db
    .select()
    .from(wants)
    .where(and(eq(wants.userId, userId), eq(wants.catalogReleaseId, catalogReleaseId)));
  return row ?? null;
}

export async function releaseSizes(db: Db, id: number): Promise<string[] | null> {
  const [row] = await db.select({ sizes: catalogReleases.sizes }).from(catalogReleases).where(eq(catalogReleases.id, id));
  return row?.sizes ?? null;
}

export async function insertWant(tx: Db, values: typeof wants.$inferInsert): Promise<WantRow> {
  const [row] = await tx.insert(wants).values(values).returning();
  return row!;
}

export async function updateWantRow(tx: Db, id: number, values: Partial<typeof wants.$inferInsert>): Promise<void> {
  await tx.update(wants).set(values).where(eq(wants.id, id));
}

export async function deleteWantRow(tx: Db, id: number): Promise<void> {
  await tx.delete(wants).where(eq(wants.id, id));
}

/** Ranks the member's wants 1..n in the given order of ids. */
export async function setRanks(tx: Db, userId: string, ids: number[], at: Date): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await tx.update(wants).set({ rank: i + 1, updatedAt: at }).where(and(eq(wants.id, id), eq(wants.userId, userId)));
  }
}

export async function wantIdsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ id: wants.id }).from(wants).where(eq(wants.userId, userId)).orderBy(asc(wants.rank), asc(wants.id));
  return rows.map((r) => r.id);
}

/**
 * For each of the member's wants, how many tradable pairs of other members fit it now (release,
 * an accepted size, condition at least the minimum, value within the cap), in one query.
 */
export async function countMatchingPairs(db: Db, userId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ wantId: wants.id, pairs: count(sneakers.id) })
    .from(wants)
    .leftJoin(
      sneakers,
      and(
        eq(sneakers.catalogReleaseId, wants.catalogReleaseId),
        ne(sneakers.userId, wants.userId),
        sql`${normalizedSize} = any(${wants.sizes})`,
        sql`${sneakers.condition} >= ${wants.minCondition}`,
        sql`(${wants.maxValue} is null or ${sneakers.displayValue} <= ${wants.maxValue})`,
        isTradablePair,
      ),
    )
    .where(eq(wants.userId, userId))
    .groupBy(wants.id);
  return new Map(rows.map((r) => [r.wantId, Number(r.pairs)]));
}

export interface MatchInsert {
  userAId: string;
  userBId: string;
  sneakerAId: number;
  sneakerBId: number;
  createdAt: Date;
}

/** Records the matches not seen before; returns only the new ones (each is announced once). */
export async function insertNewMatches(db: Db, rows: MatchInsert[]) {
  if (rows.length === 0) return [];
  return db
    .insert(matches)
    .values(rows)
    .onConflictDoNothing({ target: [matches.sneakerAId, matches.sneakerBId] })
    .returning({
      id: matches.id,
      userAId: matches.userAId,
      userBId: matches.userBId,
      sneakerAId: matches.sneakerAId,
      sneakerBId: matches.sneakerBId,
    });
}

export interface MatchSneakerRow {
  id: number;
  name: string;
  size: string;
  condition: string;
  value: string;
  thumbnailUrl: string | null;
  userId: string;
  username: string | null;
}

export async function findMatchSneakers(db: Db, ids: number[]): Promise<MatchSneakerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sneakers.id,
      name: sneakers.name,
      size: sneakers.size,
      condition: sneakers.condition,
      value: sneakers.displayValue,
      thumbnailUrl: sneakers.thumbnailUrl,
      userId: sneakers.userId,
      username: users.username,
    })
    .from(sneakers)
    .innerJoin(users, eq(users.id, sneakers.userId))
    .where(inArray(sneakers.id, ids));
}
