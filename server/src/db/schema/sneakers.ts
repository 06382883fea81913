import { sql } from 'drizzle-orm';
import { VERIFICATION_REVIEWS, type VerificationReview } from '@soleswap/contracts/verification-values';
import { PHOTO_SLOTS, type PhotoSlot } from '@soleswap/contracts/sneaker-photos';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf, timestamps } from './columns';
import { catalogReleases } from './catalog';
import { users } from './users';

export const sneakers = pgTable(
  'sneakers',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogReleaseId: integer('catalog_release_id').references(() => catalogReleases.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    colorway: text('colorway'),
    /** The code on the box label or tongue tag, as the member typed it (optional). */
    styleCode: text('style_code'),
    /** The size as the member entered it: a US men's size ("10", "10.5"). */
    size: text('size').notNull(),
    /**
     * The size as a number for matching (migration 0039), generated from `size`: the US men's size a
     * size filter in any system is converted to, per brand (contracts/src/sneaker-sizes.ts).
     */
    sizeUs: numeric('size_us', { precision: 3, scale: 1 }).generatedAlwaysAs(
      sql`case when regexp_replace(size, '^[^0-9]*', '') ~ '^[0-9]{1,2}([.][0-9])?$' then regexp_replace(size, '^[^0-9]*', '')::numeric(3, 1) end`,
    ),
    /** 5.0 to 10.0 */
    condition: numeric('condition', { precision: 3, scale: 1 }).notNull(),
    estimatedValue: numeric('estimated_value', { precision: 10, scale: 2 }).notNull(),
    imageUrl: text('image_url'),
    thumbnailUrl: text('thumbnail_url'),
    /** Perceptual hash of the uploaded image (duplicate-listing check). */
    imageHash: text('image_hash'),
    isVerified: boolean('is_verified').notNull().default(false),
    isAvailableForTrade: boolean('is_available_for_trade').notNull().default(true),
    description: text('description'),
    purchasePrice: numeric('purchase_price', { precision: 10, scale: 2 }),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    verificationScore: numeric('verification_score', { precision: 3, scale: 2 }),
    verificationSource: text('verification_source'),
    marketPrice: numeric('market_price', { precision: 10, scale: 2 }),
    priceRangeLow: numeric('price_range_low', { precision: 10, scale: 2 }),
    priceRangeHigh: numeric('price_range_high', { precision: 10, scale: 2 }),
    stockxProductId: text('stockx_product_id'),
    goatProductId: text('goat_product_id'),
    lastVerificationDate: timestamp('last_verification_date', { withTimezone: true }),
    verificationDetails: jsonb('verification_details'),
    /** Every check of the last verification with its evidence, for the result view. */
    verificationChecks: jsonb('verification_checks'),
    /**
     * An operator's review of the flag (migration 0035): it answers the verification that ran before
     * verificationReviewedAt; a later verification is a new verdict. See VERIFICATION_REVIEWS.
     */
    verificationReview: text('verification_review').$type<VerificationReview>(),
    verificationReviewNote: text('verification_review_note'),
    verificationReviewedAt: timestamp('verification_reviewed_at', { withTimezone: true }),
    /** When the owner appealed the flag with new photos (once per pair). */
    verificationAppealedAt: timestamp('verification_appealed_at', { withTimezone: true }),
    /**
     * When the owner last changed what the listing shows (identity, condition, photo, description).
     * A pending proposal made before it can no longer be accepted: the other side agreed to the old one.
     */
    listingChangedAt: timestamp('listing_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The value a card shows large: the market price when there is one, else the owner's
     * estimate. "Sort by value" orders by it, so the list reads in the order its prices do.
     */
    displayValue: numeric('display_value', { precision: 10, scale: 2 })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(market_price, estimated_value)`),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || brand || ' ' || model || ' ' || coalesce(colorway, ''))`),
    ...timestamps,
  },
  (t) => [
    // A member's locker, newest first: reads only their rows even when all of them are hidden.
    index('sneakers_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Matching reads the available pairs of the releases people want.
    index('sneakers_release_idx').on(t.catalogReleaseId),
    // A search naming releases reads each release's listings in the list's order (migration 0032).
    index('sneakers_release_created_idx').on(t.catalogReleaseId, t.createdAt.desc(), t.id.desc()),
    index('sneakers_release_value_idx').on(t.catalogReleaseId, t.displayValue, t.id),
    // The same with a brand filter (migration 0056): one range of a release's pairs of that brand.
    index('sneakers_release_brand_created_idx')
      .on(t.catalogReleaseId, t.brand, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isAvailableForTrade}`),
    index('sneakers_release_brand_value_idx')
      .on(t.catalogReleaseId, t.brand, t.displayValue, t.id)
      .where(sql`${t.isAvailableForTrade}`),
    // A member's matches read the first tradable pairs of a wanted release in one size, the size as
    // the matching engine compares it (migration 0028; the expression is findPartnerRows' normalSize).
    index('sneakers_tradable_release_size_idx')
      .on(
        t.catalogReleaseId,
        sql`(case when regexp_replace(${t.size}, '^[^0-9]*', '') ~ '^[0-9]+([.][0-9]*)?$' then trim_scale(regexp_replace(${t.size}, '^[^0-9]*', '')::numeric)::text else regexp_replace(${t.size}, '^[^0-9]*', '') end)`,
        t.id,
      )
      .where(sql`${t.isAvailableForTrade} and ${t.catalogReleaseId} is not null`),
    // Browse filtered by size, newest first (migration 0039): the available pairs of one US men's size.
    index('sneakers_size_created_idx')
      .on(t.sizeUs, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isAvailableForTrade}`),
    // Browse filtered by size, by value (migration 0056, which also INCLUDEs brand and user_id:
    // drizzle cannot declare it): one size's available pairs in value order.
    index('sneakers_size_value_idx')
      .on(t.sizeUs, t.displayValue, t.id)
      .where(sql`${t.isAvailableForTrade}`),
    // Both date indexes also carry search_text, user_id and is_available_for_trade (INCLUDE, added
    // by migration 0024), so a search by date or relevance checks words on the entry.
    index('sneakers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('sneakers_brand_created_idx').on(t.brand, t.createdAt.desc(), t.id.desc()),
    // Sort by value (both directions: read forwards or backwards) without sorting every row.
    // Both value indexes also carry search_text, user_id and is_available_for_trade (INCLUDE, added
    // by migration 0022: drizzle cannot declare it), so a value search checks words on the entry.
    index('sneakers_display_value_idx').on(t.displayValue, t.id),
    // One brand by value: the search walk reads the brand's own value order (as it does by date).
    index('sneakers_brand_value_idx').on(t.brand, t.displayValue, t.id),
    index('sneakers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('sneakers_verification_review_check', isOneOf(t.verificationReview, VERIFICATION_REVIEWS)),
    // Also sneakers_value_search_keys_idx, a GIN index over (value band, trigram) keys computed
    // by SQL functions (migration 0023, value-bands.repository.ts): not declared here, as drizzle
    // cannot create the functions it calls.
  ],
);

/**
 * A listing's legit-check photos besides the cover (the cover stays `sneakers.image_url`), migration
 * 0036: at most seven a listing, one per slot except `extra`, in the order the member gave them.
 */
export const sneakerPhotos = pgTable(
  'sneaker_photos',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id')
      .notNull()
      .references(() => sneakers.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull().$type<PhotoSlot>(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    /** Fingerprint of the thumbnail (duplicate-photo check), as `sneakers.image_hash`. */
    imageHash: text('image_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sneaker_photos_sneaker_idx').on(t.sneakerId, t.position),
    uniqueIndex('sneaker_photos_one_per_slot_idx')
      .on(t.sneakerId, t.slot)
      .where(sql`${t.slot} <> 'extra'`),
    check(
      'sneaker_photos_slot_check',
      isOneOf(
        t.slot,
        PHOTO_SLOTS.filter((s) => s !== 'cover'),
      ),
    ),
  ],
);

/**
 * The estimates a pair had before its owner changed them (issue #39): step-up judges a trade on the
 * highest estimate each pair had in the last STEP_UP_WINDOW_MINUTES, so lowering a pair's estimate
 * just before proposing does not take a trade under the threshold. `replacedAt` is when the estimate
 * stopped being the pair's; rows older than the window are deleted as new ones come.
 */
export const sneakerEstimateChanges = pgTable(
  'sneaker_estimate_changes',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id')
      .notNull()
      .references(() => sneakers.id, { onDelete: 'cascade' }),
    estimatedValue: numeric('estimated_value', { precision: 10, scale: 2 }).notNull(),
    /** The condition the pair had until then (migration 0076; null on older rows): step-up values the pair by it too. */
    condition: numeric('condition', { precision: 3, scale: 1 }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sneaker_estimate_changes_sneaker_idx').on(t.sneakerId, t.replacedAt)],
);
