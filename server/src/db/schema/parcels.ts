import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns';

/**
 * The routes a parcel travels on (server/src/modules/parcels/): a trade side, a loop leg, the
 * authentication centre's forward or return parcel, a member's return of a pair after a refund ruling.
 */
export const PARCEL_ROUTES = ['trade', 'loop', 'centre', 'return'] as const;
export type ParcelRoute = (typeof PARCEL_ROUTES)[number];

/**
 * The tracking numbers of parcels that may still be on their way (migration 0065): one row per
 * leg that shipped, named by its route and the route's own key for it (`<trade id>:<side>`, a
 * loop leg's id, an inspection's id). A number may be claimed again once every leg holding it has
 * ended, which the leg's route answers (docs/rules/trades.md#tracking-numbers); a leg found ended
 * is deleted then, so the table holds the numbers in use and those not asked about since.
 */
export const parcelClaims = pgTable(
  'parcel_claims',
  {
    route: text('route').$type<ParcelRoute>().notNull(),
    leg: text('leg').notNull(),
    /** Normalised (capitals, no spaces or dashes), as the leg stores it. */
    trackingNumber: text('tracking_number').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.route, t.leg] }),
    index('parcel_claims_number_idx').on(t.trackingNumber),
    check('parcel_claims_route_check', isOneOf(t.route, PARCEL_ROUTES)),
  ],
);
