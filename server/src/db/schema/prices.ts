import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogReleases } from './catalog';
import { sneakers } from './sneakers';

/** Market price observations, the source of portfolio analytics. */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id').references(() => sneakers.id, { onDelete: 'cascade' }),
    catalogReleaseId: integer('catalog_release_id').references(() => catalogReleases.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    source: text('source').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_snapshots_sneaker_idx').on(t.sneakerId, t.capturedAt),
    index('price_snapshots_release_idx').on(t.catalogReleaseId, t.capturedAt),
  ],
);
