import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/raw-rows';
import { photoPrintKeys, photoPrints } from '../../../db/schema/index';

export type PhotoPrintRow = typeof photoPrints.$inferSelect;

/** A photo as it is put on a listing. */
export interface ListingPhoto {
  imageUrl: string;
  /** The whole-image fingerprint; null (catalogue artwork) is not indexed. */
  fingerprint: string | null;
}

/**
 * Adds the listing's photos to the index as of `at`; a photo already on this listing keeps its
 * first time (ON CONFLICT DO NOTHING), so re-saving a listing never makes its photos newer.
 */
export async function insertPhotoPrints(
  db: Db,
  { sneakerId, ownerId, photos, at }: { sneakerId: number; ownerId: string; photos: readonly ListingPhoto[]; at: Date },
) {
  const rows = photos
    .filter((p): p is ListingPhoto & { fingerprint: string } => p.fingerprint !== null)
    .map((p) => ({ sneakerId, ownerId, imageUrl: p.imageUrl, fingerprint: p.fingerprint, seenAt: at }));
  if (rows.length === 0) return;
  await db.insert(photoPrints).values(rows).onConflictDoNothing();
}

/** The index rows of these photos of one listing. */
export async function findListingPrints(
  db: Db,
  { sneakerId, imageUrls }: { sneakerId: number; imageUrls: readonly string[] },
): Promise<PhotoPrintRow[]> {
  if (imageUrls.length === 0) return [];
  return db
    .select()
    .from(photoPrints)
    .where(and(eq(photoPrints.sneakerId, sneakerId), inArray(photoPrints.imageUrl, [...imageUrls])));
}

/**
 * Other members' photos put on another listing before `before` (ties broken by the index's order,
 * `beforeId`): the photos one of this listing's photos could have been copied from.
 */
export async function findEarlierPrintsOfOthers(
  db: Db,
  { sneakerId, ownerId, before, beforeId }: { sneakerId: number; ownerId: string; before: Date; beforeId: number },
): Promise<PhotoPrintRow[]> {
  return db
    .select()
    .from(photoPrints)
    .where(
      and(
        ne(photoPrints.ownerId, ownerId),
        ne(photoPrints.sneakerId, sneakerId),
        or(lt(photoPrints.seenAt, before), and(eq(photoPrints.seenAt, before), lt(photoPrints.id, beforeId))),
      ),
    )
    .orderBy(sql`${photoPrints.seenAt}`, photoPrints.id);
}

/** Index rows whose local features are not computed yet (oldest first), or these rows whatever their state. */
export async function findPrintsWithoutFeatures(db: Db, { limit, ids }: { limit: number; ids?: readonly number[] }): Promise<PhotoPrintRow[]> {
  const where = ids ? inArray(photoPrints.id, [...ids]) : isNull(photoPrints.features);
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(photoPrints)
    .where(and(where, isNull(photoPrints.features)))
    .orderBy(photoPrints.id)
    .limit(limit);
}

/** Stores a print's features and files it under its keys (made with key scheme `keysVersion`). */
export async function saveFeatures(
  db: Db,
  { printId, features, keys, keysVersion }: { printId: number; features: string; keys: readonly number[]; keysVersion: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoPrints)
      .set({ features, keysVersion })
      .where(and(eq(photoPrints.id, printId), isNull(photoPrints.features)))
      .returning({ id: photoPrints.id });
    if (!row || keys.length === 0) return;
    await tx
      .insert(photoPrintKeys)
      .values(keys.map((key) => ({ key, printId })))
      .onConflictDoNothing();
  });
}

/** Rows with features whose keys were made with a key scheme older than `keysVersion` (oldest first). */
export async function findPrintsToRekey(
  db: Db,
  { keysVersion, limit }: { keysVersion: number; limit: number },
): Promise<{ id: number; features: string }[]> {
  const rows = await db
    .select({ id: photoPrints.id, features: photoPrints.features })
    .from(photoPrints)
    .where(and(lt(photoPrints.keysVersion, keysVersion), isNotNull(photoPrints.features)))
    .orderBy(photoPrints.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, features: r.features ?? '' }));
}

/** Replaces a print's keys with ones made by key scheme `keysVersion`, unless it was re-keyed meanwhile. */
export async function replaceKeys(db: Db, { printId, keys, keysVersion }: { printId: number; keys: readonly number[]; keysVersion: number }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoPrints)
      .set({ keysVersion })
      .where(and(eq(photoPrints.id, printId), lt(photoPrints.keysVersion, keysVersion)))
      .returning({ id: photoPrints.id });
    if (!row) return;
    await tx.delete(photoPrintKeys).where(eq(photoPrintKeys.printId, printId));
    if (keys.length === 0) return;
    await tx
      .insert(photoPrintKeys)
      .values(keys.map((key) => ({ key, printId })))
      .onConflictDoNothing();
  });
}

/**
 * The prints sharing the most keys with `keys` among other members' photos put on another listing
 * before `before`/`beforeId` (first upload wins), with at least `minVotes` keys in common, best
 * first (ties: the rarer keys in common first).
 *
 * A stop list kept by the index itself: each key's bucket is read up to `bucketCap` + 1 rows
 * through the primary-key index, and a key whose bucket holds more than `bucketCap` prints casts
 * no vote (a run that common tells no photo apart, and reading it whole made the lookup read
 * millions of rows at 100,000 photos). So the statement reads at most keys * (bucketCap + 1) index
 * entries whatever the number of stored photos. Two statements: the votes, then the rows.
 */
export async function findCandidatePrints(
  db: Db,
  {
    keys,
    sneakerId,
    ownerId,
    before,
    beforeId,
    minVotes,
    limit,
    bucketCap,
  }: {
    keys: readonly number[];
    sneakerId: number;
    ownerId: string;
    before: Date;
    beforeId: number;
    minVotes: number;
    limit: number;
    bucketCap: number;
  },
): Promise<(PhotoPrintRow & { votes: number })[]> {
  if (keys.length === 0) return [];
  const voted = rowsOf<{ id: number; votes: number }>(
    await db.execute(sql`
      select p.id, v.votes
      from (
        select h.print_id, count(*)::int as votes, sum(1.0 / h.bucket) as rarity
        from (
          select pk.print_id, count(*) over (partition by q.key) as bucket
          from unnest(${`{${keys.join(',')}}`}::int[]) as q(key)
          cross join lateral (
            select k.print_id from ${photoPrintKeys} k where k.key = q.key limit ${bucketCap + 1}
          ) pk
        ) h
        where h.bucket <= ${bucketCap}
        group by h.print_id
        having count(*) >= ${minVotes}
      ) v
      join ${photoPrints} p on p.id = v.print_id
      where p.owner_id <> ${ownerId} and p.sneaker_id <> ${sneakerId}
        and (p.seen_at < ${before.toISOString()}::timestamptz or (p.seen_at = ${before.toISOString()}::timestamptz and p.id < ${beforeId}))
      order by v.votes desc, v.rarity desc, p.id
      limit ${limit}`),
  );
  if (voted.length === 0) return [];
  const rows = await db
    .select()
    .from(photoPrints)
    .where(
      inArray(
        photoPrints.id,
        voted.map((v) => v.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return voted.flatMap((v) => {
    const row = byId.get(v.id);
    return row ? [{ ...row, votes: v.votes }] : [];
  });
}
