import { rowsOf } from '../../db/raw-rows';
import { and, asc, count, eq, inArray, isNull, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches, wants } from '../../db/schema/index';
import { findReleaseSummaries } from '../catalog/release-records';
import { toMarketPairRows, type MarketPairRow } from '../loops/load-market';
import type { WantKey } from './match-keys';
import type { MarketWantRow } from '../loops/market-wantlists';
import { tradablePairsSubquery } from '../loops/tradable-pair';
import type { Verdict } from '@soleswap/contracts/verification-values';
import { findPairSummaries, sneakerVerdict } from '../sneakers/sneaker-records';
import { findUsernameRows } from '../users/member-records';

/**
 * All queries of the wants module: wantlists, per-want match counts, recorded matches. Releases,
 * pairs and members are read through the modules that own them.
 */

export type WantRow = typeof wants.$inferSelect;

export interface WantWithRelease extends WantRow {
  release: { id: number; name: string; brand: string; styleCode: string; sizes: string[]; marketPrice: string };
}

/** The member's wants, in rank order, each with its release (two statements). */
export async function findWantsOf(db: Db, userId: string, limit: number): Promise<WantWithRelease[]> {
  const rows = await db.select().from(wants).where(eq(wants.userId, userId)).orderBy(asc(wants.rank), asc(wants.id)).limit(limit);
  const releases = new Map((await findReleaseSummaries(db, [...new Set(rows.map((w) => w.catalogReleaseId))])).map((r) => [r.id, r]));
  // A release cannot be deleted while wanted (foreign key), so each want finds its release.
  return rows.flatMap((want) => {
    const release = releases.get(want.catalogReleaseId);
    return release ? [{ ...want, release }] : [];
  });
}

/** The member's want, locked for the change, or null when it is not theirs (or does not exist). */
export async function lockWantOf(tx: Db, userId: string, id: number): Promise<WantRow | null> {
  const [row] = await tx
    .select()
    .from(wants)
    .where(and(eq(wants.id, id), eq(wants.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function countWantsOf(db: Db, userId: string): Promise<{ count: number; maxRank: number }> {
  const [row] = await db
    .select({ count: count(), maxRank: max(wants.rank) })
    .from(wants)
    .where(eq(wants.userId, userId));
  return { count: row?.count ?? 0, maxRank: row?.maxRank ?? 0 };
}

export async function findWantByRelease(db: Db, userId: string, catalogReleaseId: number): Promise<WantRow | null> {
  const [row] = await db
    .select()
    .from(wants)
    .where(and(eq(wants.userId, userId), eq(wants.catalogReleaseId, catalogReleaseId)));
  return row ?? null;
}

/** A release's brand and size run (US men's), or null when it is not in the catalogue. */
export async function releaseSizing(db: Db, id: number): Promise<{ brand: string; sizes: string[] } | null> {
  const [row] = await findReleaseSummaries(db, [id]);
  return row ? { brand: row.brand, sizes: row.sizes } : null;
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
    await tx
      .update(wants)
      .set({ rank: i + 1, updatedAt: at })
      .where(and(eq(wants.id, id), eq(wants.userId, userId)));
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
  const result = await db.execute(sql`
    select w.id as want_id, count(p.id)::int as pairs
    from ${wants} w
    left join ${tradablePairsSubquery()} p
      on p.catalog_release_id = w.catalog_release_id
      and p.user_id <> w.user_id
      and p.size = any(w.sizes)
      and p.condition >= w.min_condition
      and (w.max_value is null or p.value <= w.max_value)
    where w.user_id = ${userId}
    group by w.id`);
  const rows = rowsOf<{ want_id: number; pairs: number }>(result);
  return new Map(rows.map((r) => [Number(r.want_id), Number(r.pairs)]));
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

/** Of these (pair, pair) matches, the recorded ones nobody has announced yet (new, or whose announcement failed). */
export async function findUnannouncedMatches(db: Db, rows: Array<Pick<MatchInsert, 'sneakerAId' | 'sneakerBId'>>) {
  if (rows.length === 0) return [];
  return db
    .select({ id: matches.id, userAId: matches.userAId, userBId: matches.userBId })
    .from(matches)
    .where(and(eq(matches.notified, false), or(...rows.map((r) => and(eq(matches.sneakerAId, r.sneakerAId), eq(matches.sneakerBId, r.sneakerBId))))))
    .orderBy(asc(matches.id));
}

/**
 * Marks the match announced, only if it was not: the row lock makes a second announcer wait and
 * then find nothing. Returns the match's members and pairs, or null when it was already announced
 * (or is gone).
 */
export async function claimMatchAnnouncement(tx: Db, matchId: number) {
  const [row] = await tx
    .update(matches)
    .set({ notified: true })
    .where(and(eq(matches.id, matchId), eq(matches.notified, false)))
    .returning({
      id: matches.id,
      userAId: matches.userAId,
      userBId: matches.userBId,
      sneakerAId: matches.sneakerAId,
      sneakerBId: matches.sneakerBId,
    });
  return row ?? null;
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
  /** The pair's verdict, derived where the view is built. */
  verdict: Verdict;
}

/** The pairs with their owners' usernames (two statements). */
export async function findMatchSneakers(db: Db, ids: number[]): Promise<MatchSneakerRow[]> {
  const pairs = await findPairSummaries(db, ids);
  const names = new Map((await findUsernameRows(db, [...new Set(pairs.map((p) => p.userId))])).map((u) => [u.id, u.username]));
  return pairs.map((p) => ({ ...p, username: names.get(p.userId) ?? null, verdict: sneakerVerdict(p) }));
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** An array of sizes, money or conditions; null spelled NULL (every value here is a plain number or size). */
const textArray = (values: ReadonlyArray<string | null>) => sql`${`{${values.map((v) => v ?? 'NULL').join(',')}}`}::text[]`;

/**
 * A pair's size (as the listings read it, leading "US " gone) as the engine compares it: a number
 * without trailing zeros ("10.0" is "10"), any other spelling as it is. Written out literally (no
 * parameters): it is the expression of the index `sneakers_tradable_release_size_idx` (migration
 * 0028), which the planner only uses for the very same expression.
 */
const normalSize = (size: SQL) => sql`(case when ${size} ~ '^[0-9]+([.][0-9]*)?$' then trim_scale(${size}::numeric)::text else ${size} end)`;

const marketWantColumns = {
  id: wants.id,
  userId: wants.userId,
  catalogReleaseId: wants.catalogReleaseId,
  sizes: wants.sizes,
  minCondition: wants.minCondition,
  maxValue: wants.maxValue,
  rank: wants.rank,
};

/** The member's tradable pairs as the market reads them, in id order. */
export async function findTradablePairsOf(db: Db, userId: string): Promise<MarketPairRow[]> {
  return toMarketPairRows(
    await db.execute(sql`
      select p.id, p.user_id, p.catalog_release_id, p.size, p.condition, p.value
      from ${tradablePairsSubquery()} p where p.user_id = ${userId}::uuid order by p.id`),
  );
}

/** The member's wants as the market reads them, in id order. */
export async function findMarketWantsOf(db: Db, userId: string): Promise<MarketWantRow[]> {
  return db.select(marketWantColumns).from(wants).where(eq(wants.userId, userId)).orderBy(asc(wants.id));
}

/** Rows of keys, as a table k(release_id, size, condition, value, scan) to join on. */
const keysTable = (keys: readonly WantKey[]) => sql`unnest(
  ${intArray(keys.map((k) => k.releaseId))}, ${textArray(keys.map((k) => k.size))},
  ${textArray(keys.map((k) => k.condition))}::numeric[], ${textArray(keys.map((k) => k.value))}::numeric[],
  ${intArray(keys.map((k) => k.scan))}
) as k(release_id, size, condition, value, scan)`;

/**
 * The member's possible direct partners and what could pass between them, in one statement of
 * bounded cost: for each of the member's wants and sizes (`keys`), the first `scan` tradable pairs
 * of that release and size, first listed first, read by index (`sneakers_tradable_release_size_idx`)
 * and kept when they meet the want's condition and value cap and their owner wants one of the
 * releases the member offers (`offeredReleases`, one probe of the owner's wantlist); then those
 * owners' wants of these releases. However big the market, a request reads at most the keys'
 * budget of pairs (match-keys.ts), and the owners' wantlists (at most MAX_WANTS rows each). In a
 * market where no (release, size) holds more pairs than its key reads, the rows found are a
 * superset of what the engine accepts, and the engine decides exactly. Both in id order.
 */
export async function findPartnerRows(
  db: Db,
  userId: string,
  keys: readonly WantKey[],
  offeredReleases: readonly number[],
): Promise<{ pairs: MarketPairRow[]; wants: MarketWantRow[] }> {
  if (keys.length === 0 || offeredReleases.length === 0) return { pairs: [], wants: [] };
  const releases = intArray([...new Set(offeredReleases)]);
  const result = await db.execute(sql`
    with offered as materialized (
      select distinct on (c.id) c.id, c.user_id, c.catalog_release_id, c.size, c.condition, c.value
      from ${keysTable(keys)}
      cross join lateral (
        -- Index order (release, size, id): the scan stops after k.scan pairs, however many the release has.
        select p.id, p.user_id, p.catalog_release_id, p.size, p.condition, p.value
        from ${tradablePairsSubquery()} p
        where p.catalog_release_id = k.release_id and ${normalSize(sql`p.size`)} = k.size
        order by p.id
        limit k.scan
      ) c
      where c.user_id <> ${userId}::uuid
        and c.condition >= k.condition and (k.value is null or c.value <= k.value)
        and exists (select 1 from ${wants} o where o.user_id = c.user_id and o.catalog_release_id = any(${releases}))
    )
    select 'pair' as kind, o.id, o.user_id, o.catalog_release_id, o.size, o.condition::text, o.value::text,
           null::text[] as sizes, null::text as max_value, null::int as rank
    from offered o
    union all
    select 'want', w.id, w.user_id, w.catalog_release_id, null, w.min_condition::text, null, w.sizes, w.max_value::text, w.rank
    from ${wants} w
    where w.user_id in (select o.user_id from offered o) and w.catalog_release_id = any(${releases})`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const row = (r: Record<string, unknown>) => ({ id: Number(r.id), userId: String(r.user_id), catalogReleaseId: Number(r.catalog_release_id) });
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return {
    pairs: rows
      .filter((r) => r.kind === 'pair')
      .map((r) => ({ ...row(r), size: String(r.size), condition: String(r.condition), value: String(r.value) })),
    wants: rows
      .filter((r) => r.kind === 'want')
      .map((r) => ({
        ...row(r),
        sizes: r.sizes as string[],
        minCondition: String(r.condition),
        maxValue: r.max_value === null ? null : String(r.max_value),
        rank: Number(r.rank),
      })),
  };
}

/** Every wanted release, as a subquery of (catalog_release_id). */
export function wantedReleasesSubquery(): SQL {
  return sql`(select catalog_release_id from wants)`;
}

/**
 * Wants of releases somebody offers, from members who offer something (so they can give back),
 * in one statement. `offered` is a subquery of (user_id, catalog_release_id), one row per pair.
 */
export async function findWantsOfOffered(db: Db, offered: SQL): Promise<MarketWantRow[]> {
  return db
    .select(marketWantColumns)
    .from(wants)
    .where(
      and(
        sql`${wants.catalogReleaseId} in (select o.catalog_release_id from ${offered} o)`,
        sql`${wants.userId} in (select o.user_id from ${offered} o)`,
      ),
    );
}

/** A want a listing fits, as its alert needs it (want-alerts.ts). */
export interface FittingWantRow {
  wantId: number;
  /** The want's owner, to be alerted. */
  userId: string;
  /** The listing's owner. */
  ownerId: string;
  size: string;
  /** The listing's value as the wantlist's cap reads it, in dollars ("180.00"). */
  value: string;
}

/**
 * The wants a tradable listing fits, as the wantlist's match counts read a fit (countMatchingPairs:
 * release, an accepted size, condition at least the minimum, value within the cap), of other
 * members, neither of them suspended and no block between them either way. `activeOnly`: only the
 * wants not alerted since `since` (null or older). `members`: the suspended ids and the block check,
 * as the users and blocks modules spell them.
 */
export async function findWantsFittingPair(
  db: Db,
  { sneakerId, since, suspendedIds, noBlockBetween }: { sneakerId: number; since: Date; suspendedIds: SQL; noBlockBetween: (a: SQL, b: SQL) => SQL },
): Promise<FittingWantRow[]> {
  const result = await db.execute(sql`
    select w.id as want_id, w.user_id, p.user_id as owner_id, p.size, p.value::text as value
    from ${tradablePairsSubquery()} p
    join ${wants} w
      on w.catalog_release_id = p.catalog_release_id
      and w.user_id <> p.user_id
      and p.size = any(w.sizes)
      and p.condition >= w.min_condition
      and (w.max_value is null or p.value <= w.max_value)
    where p.id = ${sneakerId}::int
      and (w.last_alerted_at is null or w.last_alerted_at <= ${since.toISOString()}::timestamptz)
      and w.user_id <> all(${suspendedIds}) and p.user_id <> all(${suspendedIds})
      and ${noBlockBetween(sql`w.user_id`, sql`p.user_id`)}
    order by w.id`);
  return rowsOf<{ want_id: number; user_id: string; owner_id: string; size: string; value: string }>(result).map((r) => ({
    wantId: Number(r.want_id),
    userId: r.user_id,
    ownerId: r.owner_id,
    size: r.size,
    value: r.value,
  }));
}

/**
 * Marks these wants alerted at `now`, only those not alerted since `since`: a want two listings fit
 * at once is claimed by one statement only (the second waits for the row lock, then finds it
 * alerted). Returns the ids claimed.
 */
export async function claimWantAlertRows(tx: Db, { wantIds, now, since }: { wantIds: number[]; now: Date; since: Date }): Promise<number[]> {
  if (wantIds.length === 0) return [];
  const rows = await tx
    .update(wants)
    .set({ lastAlertedAt: now })
    .where(and(inArray(wants.id, wantIds), or(isNull(wants.lastAlertedAt), lte(wants.lastAlertedAt, since))))
    .returning({ id: wants.id });
  return rows.map((r) => r.id);
}
