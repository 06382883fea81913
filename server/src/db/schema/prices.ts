import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogReleases } from './catalog';
import { sneakers } from './sneakers';

/**
 * Where a snapshot came from: a verification's market source (internal, stockx, goat), the
 * daily job, or the demo seeder's made-up history (kept apart so it can be told from real data).
 */
export const PRICE_SNAPSHOT_DAILY = 'daily';
export const PRICE_SNAPSHOT_DEMO = 'demo';

/** Market price observations: price history charts and portfolio analytics. */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id').references(() => sneakers.id, { onDelete: 'cascade' }),
    catalogReleaseId: integer('catalog_release_id').references(() => catalogReleases.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    source: text('source').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    /** The UTC day of capturedAt: the daily job writes at most one snapshot per subject and day. */
    capturedOn: date('captured_on', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
  },
  (t) => [
    index('price_snapshots_sneaker_idx').on(t.sneakerId, t.capturedAt),
    index('price_snapshots_release_idx').on(t.catalogReleaseId, t.capturedAt),
    uniqueIndex('price_snapshots_daily_sneaker_key')
      .on(t.sneakerId, t.capturedOn)
      .where(sql`source = 'daily' and sneaker_id is not null`),
    uniqueIndex('price_snapshots_daily_release_key')
      .on(t.catalogReleaseId, t.capturedOn)
      .where(sql`source = 'daily' and catalog_release_id is not null`),
  ],
);
