import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { VerificationResult } from '@soleswap/contracts/verification';
import type { Db } from '../../db/client';
import { catalogReleases, escrowLocks, jobs, priceSnapshots, sneakers, users, verificationRuns } from '../../db/schema/index';
import type { CatalogPrices, TradeValue } from './internal-market-source';

export type VerificationRunRow = typeof verificationRuns.$inferSelect;
type SneakerRow = typeof sneakers.$inferSelect;
type ReleaseRow = typeof catalogReleases.$inferSelect;

/** What a verification reads about one sneaker, in one query. */
export interface SneakerForVerification {
  sneaker: SneakerRow;
  release: ReleaseRow | null;
  owner: { createdAt: Date; totalTrades: number; reputation: string; isPremiumMember: boolean };
  isLocked: boolean;
}

export async function findSneakerForVerification(db: Db, id: number): Promise<SneakerForVerification | null> {
  const [row] = await db
    .select({
      sneaker: sneakers,
      release: catalogReleases,
      owner: { createdAt: users.createdAt, totalTrades: users.totalTrades, reputation: users.reputation, isPremiumMember: users.isPremiumMember },
      isLocked: sql<boolean>`exists (select 1 from ${escrowLocks} where ${escrowLocks.sneakerId} = ${sneakers.id})`.mapWith(Boolean),
    })
    .from(sneakers)
    .innerJoin(users, eq(users.id, sneakers.userId))
    .leftJoin(catalogReleases, eq(catalogReleases.id, sneakers.catalogReleaseId))
    .where(eq(sneakers.id, id));
  return row ?? null;
}

/**
 * Stored photo fingerprints of other members' listings of the same brand that were listed before
 * this one. A borrowed photo is nearly always of the same kind of pair (the seller wants it to
 * look right), and one brand keeps the comparison to a slice of the table. Only earlier listings
 * count: the photographer listed first, so the later copy is the suspect, not the original.
 */
export async function findOtherListingImages(db: Db, { sneakerId, ownerId, brand }: { sneakerId: number; ownerId: string; brand: string }) {
  const rows = await db
    .select({ sneakerId: sneakers.id, ownerId: sneakers.userId, fingerprint: sneakers.imageHash })
    .from(sneakers)
    .where(and(isNotNull(sneakers.imageHash), ne(sneakers.userId, ownerId), lt(sneakers.id, sneakerId), eq(sneakers.brand, brand)));
  return rows.map((r) => ({ ...r, fingerprint: r.fingerprint! }));
}

const toCentsSql = (value: string) => Math.round(Number(value) * 100);

/** The catalogue prices of the release by id, else of the release with this style code. */
export async function findCatalogPrices(db: Db, { catalogReleaseId, styleCode }: { catalogReleaseId: number | null; styleCode: string | null }): Promise<CatalogPrices | null> {
  const where =
    catalogReleaseId !== null
      ? eq(catalogReleases.id, catalogReleaseId)
      : styleCode
        ? sql`upper(${catalogReleases.styleCode}) = upper(${styleCode})`
        : null;
  if (!where) return null;
  const [row] = await db
    .select({ last: catalogReleases.marketPrice, low: catalogReleases.priceRangeLow, high: catalogReleases.priceRangeHigh })
    .from(catalogReleases)
    .where(where)
    .limit(1);
  return row ? { lastCents: toCentsSql(row.last), lowCents: toCentsSql(row.low), highCents: toCentsSql(row.high) } : null;
}

/**
 * What completed trades since `since` valued pairs like this one at: each side's pairs are worth
 * what the other side gave, shared among them in proportion to their own estimates (evenly when
 * those add up to nothing). "Like this one" is the same catalogue release, or, unlinked, the same
 * brand, model and colorway.
 */
export async function findTradeValues(
  db: Db,
  match: { catalogReleaseId: number | null; brand: string; model: string; colorway: string | null },
  since: Date,
): Promise<TradeValue[]> {
  const like =
    match.catalogReleaseId !== null
      ? sql`v.catalog_release_id = ${match.catalogReleaseId}`
      : sql`lower(v.brand) = lower(${match.brand}) and lower(v.model) = lower(${match.model}) and lower(coalesce(v.colorway, '')) = lower(${match.colorway ?? ''})`;
  const result = (await db.execute(sql`
    with done as (
      select id, completed_at, proposer_sneaker_ids, receiver_sneaker_ids
      from trades where status = 'completed' and completed_at >= ${since.toISOString()}
    ),
    sides as (
      select d.id as trade_id, d.completed_at, 'p' as side, u.sneaker_id from done d, unnest(d.proposer_sneaker_ids) as u(sneaker_id)
      union all
      select d.id, d.completed_at, 'r', u.sneaker_id from done d, unnest(d.receiver_sneaker_ids) as u(sneaker_id)
    ),
    v as (
      select s.trade_id, s.completed_at, s.side, sn.estimated_value, sn.catalog_release_id, sn.brand, sn.model, sn.colorway
      from sides s join sneakers sn on sn.id = s.sneaker_id
    ),
    totals as (select trade_id, side, sum(estimated_value) as total, count(*) as pairs from v group by trade_id, side)
    select v.completed_at,
      round(100 * other.total * case when mine.total > 0 then v.estimated_value / mine.total else 1.0 / mine.pairs end) as value_cents
    from v
    join totals mine on mine.trade_id = v.trade_id and mine.side = v.side
    join totals other on other.trade_id = v.trade_id and other.side <> v.side
    where ${like}
  `)) as unknown as { rows: Array<{ completed_at: string | Date; value_cents: string | number }> };
  return result.rows.map((r) => ({ valueCents: Number(r.value_cents), completedAt: new Date(r.completed_at) }));
}

export async function insertVerificationRun(db: Db, values: { sneakerId: number; userId: string; createdAt: Date }): Promise<VerificationRunRow> {
  const [row] = await db.insert(verificationRuns).values(values).returning();
  return row!;
}

export async function setRunJob(db: Db, runId: number, jobId: number): Promise<void> {
  await db.update(verificationRuns).set({ jobId }).where(eq(verificationRuns.id, runId));
}

/** The run with whether its job was given up (done without the run finishing). */
export async function findVerificationRun(db: Db, id: number): Promise<(VerificationRunRow & { jobGivenUp: boolean; jobError: string | null }) | null> {
  const [row] = await db
    .select({ run: verificationRuns, jobDoneAt: jobs.doneAt, jobError: jobs.lastError })
    .from(verificationRuns)
    .leftJoin(jobs, eq(jobs.id, verificationRuns.jobId))
    .where(eq(verificationRuns.id, id));
  if (!row) return null;
  return { ...row.run, jobGivenUp: row.run.status === 'queued' && row.jobDoneAt !== null, jobError: row.jobError };
}

export async function finishRun(db: Db, id: number, values: { status: 'done'; result: VerificationResult; at: Date } | { status: 'failed'; error: string; at: Date }) {
  await db
    .update(verificationRuns)
    .set(values.status === 'done' ? { status: 'done', result: values.result, finishedAt: values.at } : { status: 'failed', error: values.error, finishedAt: values.at })
    .where(and(eq(verificationRuns.id, id), eq(verificationRuns.status, 'queued')));
}

/** Writes a verification's outcome onto the sneaker. */
export async function saveVerificationOnSneaker(db: Db, sneakerId: number, result: VerificationResult, at: Date): Promise<void> {
  await db
    .update(sneakers)
    .set({
      isVerified: result.isAuthentic,
      verificationScore: result.verificationScore,
      verificationDetails: result.verificationDetails,
      verificationChecks: result.checks,
      verificationSource: result.source,
      lastVerificationDate: at,
      ...(result.marketPrice && result.priceRange
        ? { marketPrice: result.marketPrice, priceRangeLow: result.priceRange.low, priceRangeHigh: result.priceRange.high }
        : {}),
      updatedAt: at,
    })
    .where(eq(sneakers.id, sneakerId));
}

export async function insertPriceSnapshot(db: Db, values: { sneakerId: number; price: string; source: string; at: Date }): Promise<void> {
  await db.insert(priceSnapshots).values({
    sneakerId: values.sneakerId,
    price: values.price,
    source: values.source,
    capturedAt: values.at,
    capturedOn: values.at.toISOString().slice(0, 10),
  });
}

/** The sneaker's row locked FOR UPDATE (inside a transaction), with whether escrow holds it. */
export async function lockSneakerForVerification(db: Db, id: number): Promise<{ listingChangedAt: Date; isLocked: boolean } | null> {
  const [row] = await db.select({ listingChangedAt: sneakers.listingChangedAt }).from(sneakers).where(eq(sneakers.id, id)).for('update');
  if (!row) return null;
  const [lock] = await db.select({ id: escrowLocks.sneakerId }).from(escrowLocks).where(eq(escrowLocks.sneakerId, id));
  return { listingChangedAt: row.listingChangedAt, isLocked: Boolean(lock) };
}
