import { changedRowsOf, rowsOf } from '../../db/raw-rows';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PRICE_SNAPSHOT_DAILY, PRICE_SNAPSHOT_DEMO, priceSnapshots } from '../../db/schema/index';
import { releasePricesSubquery } from '../catalog/release-records';
import { sneakerPricesSubquery } from '../sneakers/sneaker-records';

export interface SnapshotRow {
  capturedAt: Date;
  price: string;
  source: string;
}

const columns = { capturedAt: priceSnapshots.capturedAt, price: priceSnapshots.price, source: priceSnapshots.source };

/** A sneaker's snapshots since `since`, oldest first (served by (sneaker_id, captured_at)). */
export async function findSneakerSnapshots(db: Db, sneakerId: number, since: Date): Promise<SnapshotRow[]> {
  return db
    .select(columns)
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.sneakerId, sneakerId), gte(priceSnapshots.capturedAt, since)))
    .orderBy(asc(priceSnapshots.capturedAt), asc(priceSnapshots.id));
}

/** One observed price of a sneaker, in cents. */
export interface SneakerPricePoint {
  sneakerId: number;
  takenAt: Date;
  valueCents: number;
  /** `daily`, or `demo` for the made-up history of the demo data. */
  source: string;
}

/**
 * The price history a period needs for these sneakers, in one statement: every snapshot from
 * `from` up to `to` (or on, without it), plus each sneaker's latest snapshot before `from` (its value when the period
 * starts, carried forward). Both halves walk (sneaker_id, captured_at), so the cost follows these
 * sneakers' own history, never the table's size, and there is no query per sneaker. Ordered by
 * sneaker, then time.
 */
export async function findSnapshotsOfSneakers(
  db: Db,
  { sneakerIds, from, to }: { sneakerIds: number[]; from: Date; to?: Date },
): Promise<SneakerPricePoint[]> {
  if (sneakerIds.length === 0) return [];
  const until = to ? sql`and p.captured_at <= ${to.toISOString()}::timestamptz` : sql``;
  const ids = sql`unnest(${`{${sneakerIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as s(id)`;
  const result = await db.execute(sql`
    select p.sneaker_id, p.captured_at, round(p.price * 100)::int as value_cents, p.id, p.source
    from ${ids}
    join price_snapshots p on p.sneaker_id = s.id and p.captured_at >= ${from.toISOString()}::timestamptz ${until}
    union all
    select s.id, b.captured_at, round(b.price * 100)::int, b.id, b.source
    from ${ids}
    cross join lateral (
      select p.captured_at, p.price, p.id, p.source from price_snapshots p
      where p.sneaker_id = s.id and p.captured_at < ${from.toISOString()}::timestamptz
      order by p.captured_at desc, p.id desc
      limit 1
    ) b
    order by 1, 2, 4
  `);
  const rows = rowsOf<{ sneaker_id: number; captured_at: Date | string; value_cents: number; source: string }>(result);
  return rows.map((r) => ({
    sneakerId: Number(r.sneaker_id),
    takenAt: new Date(r.captured_at),
    valueCents: Number(r.value_cents),
    source: r.source,
  }));
}

/**
 * The newest snapshot's id, as a scalar subquery (the primary key's last entry). Snapshots are
 * only ever added (a deleted sneaker takes its own with it), each with a higher id than any
 * before, so a figure computed from the snapshots can be kept while this stays the same, provided
 * no insert was still open when it was read: see snapshotsBeingWrittenSql.
 */
export function latestSnapshotIdSql(): SQL {
  return sql`(select max(id) from price_snapshots)`;
}

/**
 * Whether another session holds a write lock on price_snapshots now (one that is adding, or has
 * added and not yet committed, snapshots), as a boolean expression. An insert takes that lock
 * before it draws its ids and keeps it until its transaction ends, so a snapshot committed after
 * latestSnapshotIdSql was read, with an id below it, is always seen here.
 */
export function snapshotsBeingWrittenSql(): SQL {
  return sql`exists (
    select 1 from pg_locks l
    where l.locktype = 'relation' and l.database = (select oid from pg_database where datname = current_database())
      and l.relation = 'price_snapshots'::regclass and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid())`;
}

/** A release's own snapshots since `since` (not its member sneakers'), oldest first. */
export async function findReleaseSnapshots(db: Db, releaseId: number, since: Date): Promise<SnapshotRow[]> {
  return db
    .select(columns)
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.catalogReleaseId, releaseId), isNull(priceSnapshots.sneakerId), gte(priceSnapshots.capturedAt, since)))
    .orderBy(asc(priceSnapshots.capturedAt), asc(priceSnapshots.id));
}

/**
 * The own snapshots of several releases since `since`, by release then oldest first: one
 * statement for a whole library page (served by (catalog_release_id, captured_at)).
 */
export async function findSnapshotsOfReleases(db: Db, releaseIds: number[], since: Date): Promise<Array<SnapshotRow & { releaseId: number }>> {
  if (releaseIds.length === 0) return [];
  const rows = await db
    .select({ ...columns, releaseId: priceSnapshots.catalogReleaseId })
    .from(priceSnapshots)
    .where(and(inArray(priceSnapshots.catalogReleaseId, releaseIds), isNull(priceSnapshots.sneakerId), gte(priceSnapshots.capturedAt, since)))
    .orderBy(asc(priceSnapshots.catalogReleaseId), asc(priceSnapshots.capturedAt), asc(priceSnapshots.id));
  return rows.map((row) => ({ ...row, releaseId: Number(row.releaseId) }));
}

/**
 * Today's snapshot of every catalogue release and every sneaker, in one transaction. A release is
 * priced at its catalogue market price; a sneaker at its release's when linked, else the market
 * price its last verification found, else its owner's estimate. The daily unique indexes make a
 * second run on the same day write nothing twice. A later run the same day (the job is hourly)
 * reads only the sneakers listed since the day began, the ones the day's first run may have missed:
 * re-reading a million listings every hour to write none of them cost about 5 s of PostgreSQL
 * (docs/benchmarks.md, "Live delivery"). Returns rows written.
 */
export async function writeDailySnapshots(db: Db, at: Date): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    // The day's first run wrote the releases and the sneakers together: releases priced today mean it committed.
    const takenToday = await hasReleaseSnapshotOn(tx, day);
    const releases = await tx.execute(sql`
      insert into price_snapshots (catalog_release_id, price, source, captured_at, captured_on)
      select id, market_price, ${PRICE_SNAPSHOT_DAILY}, ${at.toISOString()}, ${day} from ${releasePricesSubquery()} r
      on conflict do nothing
    `);
    const listings = sneakerPricesSubquery(takenToday ? new Date(`${day}T00:00:00Z`) : undefined);
    const listed = await tx.execute(sql`
      insert into price_snapshots (sneaker_id, price, source, captured_at, captured_on)
      select s.id, coalesce(r.market_price, s.market_price, s.estimated_value), ${PRICE_SNAPSHOT_DAILY}, ${at.toISOString()}, ${day}
      from ${listings} s left join ${releasePricesSubquery()} r on r.id = s.catalog_release_id
      on conflict do nothing
    `);
    return changedRowsOf(releases) + changedRowsOf(listed);
  });
}

/** Whether any release has its daily snapshot for `day` (the releases' daily index holds a row per release and day). */
async function hasReleaseSnapshotOn(db: Db, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: priceSnapshots.id })
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.source, PRICE_SNAPSHOT_DAILY), isNotNull(priceSnapshots.catalogReleaseId), eq(priceSnapshots.capturedOn, day)))
    .limit(1);
  return row !== undefined;
}

const DEMO_DAYS = 365;

/**
 * A year of made-up daily prices for the given sneakers and releases, marked `demo` so they are
 * never taken for real observations. Each wanders around today's price with two slow waves and a
 * gentle rise towards today, different per subject, so the demo's charts look alive. Subjects that
 * already have demo history are left alone. One statement each.
 */
export async function writeDemoHistory(
  db: Db,
  { sneakerIds, releaseIds, at }: { sneakerIds: number[]; releaseIds: number[]; at: Date },
): Promise<void> {
  const wave = (id: string) =>
    sql.raw(`(1 - 0.12 * d.n / ${DEMO_DAYS} + 0.06 * sin(d.n / 23.0 + ${id}) + 0.03 * sin(d.n / 6.0 + ${id} * 3))::numeric`);
  const start = at.toISOString();
  if (sneakerIds.length > 0) {
    await db.execute(sql`
      insert into price_snapshots (sneaker_id, price, source, captured_at, captured_on)
      select s.id, round(coalesce(r.market_price, s.market_price, s.estimated_value) * ${wave('s.id')}, 2), ${PRICE_SNAPSHOT_DEMO},
        ${start}::timestamptz - d.n * interval '1 day', ((${start}::timestamptz - d.n * interval '1 day') at time zone 'utc')::date
      from ${sneakerPricesSubquery()} s left join ${releasePricesSubquery()} r on r.id = s.catalog_release_id, generate_series(1, ${DEMO_DAYS}) as d(n)
      where s.id in (${sql.join(
        sneakerIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from price_snapshots p where p.sneaker_id = s.id and p.source = ${PRICE_SNAPSHOT_DEMO})
    `);
  }
  if (releaseIds.length > 0) {
    await db.execute(sql`
      insert into price_snapshots (catalog_release_id, price, source, captured_at, captured_on)
      select r.id, round(r.market_price * ${wave('r.id')}, 2), ${PRICE_SNAPSHOT_DEMO},
        ${start}::timestamptz - d.n * interval '1 day', ((${start}::timestamptz - d.n * interval '1 day') at time zone 'utc')::date
      from ${releasePricesSubquery()} r, generate_series(1, ${DEMO_DAYS}) as d(n)
      where r.id in (${sql.join(
        releaseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from price_snapshots p where p.catalog_release_id = r.id and p.sneaker_id is null and p.source = ${PRICE_SNAPSHOT_DEMO})
    `);
  }
}
