import { rowsOf } from '../../db/raw-rows';
import { and, eq, sql } from 'drizzle-orm';
import type { VerificationResult } from '@soleswap/contracts/verification';
import type { Db } from '../../db/client';
import { priceSnapshots, verificationRuns } from '../../db/schema/index';
import { findJobOutcome } from '../../jobs/job-queue';
import { sneakerPricesSubquery } from '../sneakers/sneaker-records';
import { completedTradeSidesSubquery } from '../trades/trade-records';
import type { TradeValue } from './internal-market-source';

export type VerificationRunRow = typeof verificationRuns.$inferSelect;
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
  const rows = rowsOf<{ completed_at: string | Date; value_cents: string | number }>(
    await db.execute(sql`
    with sides as ${completedTradeSidesSubquery(since)},
    v as (
      select s.trade_id, s.completed_at, s.side, sn.estimated_value, sn.catalog_release_id, sn.brand, sn.model, sn.colorway
      from sides s join ${sneakerPricesSubquery()} sn on sn.id = s.sneaker_id
    ),
    totals as (select trade_id, side, sum(estimated_value) as total, count(*) as pairs from v group by trade_id, side)
    select v.completed_at,
      round(100 * other.total * case when mine.total > 0 then v.estimated_value / mine.total else 1.0 / mine.pairs end) as value_cents
    from v
    join totals mine on mine.trade_id = v.trade_id and mine.side = v.side
    join totals other on other.trade_id = v.trade_id and other.side <> v.side
    where ${like}
  `),
  );
  return rows.map((r) => ({ valueCents: Number(r.value_cents), completedAt: new Date(r.completed_at) }));
}

export async function insertVerificationRun(db: Db, values: { sneakerId: number; userId: string; createdAt: Date }): Promise<VerificationRunRow> {
  const [row] = await db.insert(verificationRuns).values(values).returning();
  return row!;
}

export async function setRunJob(db: Db, runId: number, jobId: number): Promise<void> {
  await db.update(verificationRuns).set({ jobId }).where(eq(verificationRuns.id, runId));
}

/** The run with whether its job was given up (done without the run finishing). */
export async function findVerificationRun(
  db: Db,
  id: number,
): Promise<(VerificationRunRow & { jobGivenUp: boolean; jobError: string | null }) | null> {
  const [run] = await db.select().from(verificationRuns).where(eq(verificationRuns.id, id));
  if (!run) return null;
  const job = run.jobId === null ? null : await findJobOutcome(db, run.jobId);
  return { ...run, jobGivenUp: run.status === 'queued' && (job?.doneAt ?? null) !== null, jobError: job?.lastError ?? null };
}

export async function finishRun(
  db: Db,
  id: number,
  values: { status: 'done'; result: VerificationResult; at: Date } | { status: 'failed'; error: string; at: Date },
) {
  await db
    .update(verificationRuns)
    .set(
      values.status === 'done'
        ? { status: 'done', result: values.result, finishedAt: values.at }
        : { status: 'failed', error: values.error, finishedAt: values.at },
    )
    .where(and(eq(verificationRuns.id, id), eq(verificationRuns.status, 'queued')));
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
