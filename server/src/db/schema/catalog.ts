import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Reference data: the most popular releases, upserted by style code from server/src/modules/catalog/data. */
export const catalogReleases = pgTable(
  'catalog_releases',
  {
    id: serial('id').primaryKey(),
    styleCode: text('style_code').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    colorway: text('colorway').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    retailPrice: numeric('retail_price', { precision: 10, scale: 2 }).notNull(),
    marketPrice: numeric('market_price', { precision: 10, scale: 2 }).notNull(),
    priceRangeLow: numeric('price_range_low', { precision: 10, scale: 2 }).notNull(),
    priceRangeHigh: numeric('price_range_high', { precision: 10, scale: 2 }).notNull(),
    /** US sizes as text, e.g. ["7", "7.5", ...]. */
    sizes: text('sizes').array().notNull(),
    /** Colours for the generated artwork: { upper, sole, accent, ... }. */
    palette: jsonb('palette').notNull(),
    popularityRank: integer('popularity_rank').notNull(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || brand || ' ' || model || ' ' || colorway || ' ' || style_code)`),
    ...timestamps,
  },
  (t) => [index('catalog_brand_idx').on(t.brand), index('catalog_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);
