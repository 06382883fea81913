import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The photo index (migration 0067, owned by the uploads module): one row per photo the first time
 * it was put on a listing, cover or legit-check photo, with who put it there and when. First upload
 * wins: a photo matching an earlier row of another member is the copy. Rows outlive the listing
 * (no foreign key), so a deleted listing's photos still count as the originals they were.
 * `features` holds the photo's local features (see uploads/photo-match/), `photo_print_keys` their
 * lookup keys.
 */
export const photoPrints = pgTable(
  'photo_prints',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    imageUrl: text('image_url').notNull(),
    /** When the photo was put on this listing (the listing's creation, or the edit that added it). */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** The whole-image fingerprint (uploads/image-fingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    /** Local features, base64 (uploads/photo-match/photo-features.ts); null until computed. */
    features: text('features'),
    /**
     * The key scheme its photo_print_keys were made with (feature-keys.ts KEYS_VERSION, migration
     * 0073); a row below the code's is re-keyed from `features` by uploads.index-photo-features.
     */
    keysVersion: smallint('keys_version').notNull().default(0),
  },
  (t) => [uniqueIndex('photo_prints_listing_photo_idx').on(t.sneakerId, t.imageUrl), index('photo_prints_seen_idx').on(t.seenAt)],
);

/** Lookup keys of a photo's local features (multi-index hashing): one row per distinct key of a print. */
export const photoPrintKeys = pgTable(
  'photo_print_keys',
  {
    key: integer('key').notNull(),
    printId: integer('print_id')
      .notNull()
      .references(() => photoPrints.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.printId] })],
);
