import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { catalogReleases } from './catalog';
import { sneakers } from './sneakers';
import { users } from './users';

/** A member's wantlist: one row per catalogue release they want, ranked (1 = first choice). */
export const wants = pgTable(
  'wants',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogReleaseId: integer('catalog_release_id')
      .notNull()
      .references(() => catalogReleases.id, { onDelete: 'cascade' }),
    /** US sizes the member accepts, as the catalogue spells them ("10", "10.5"). */
    sizes: text('sizes').array().notNull(),
    /** 5.0 to 10.0, like a sneaker's condition. */
    minCondition: numeric('min_condition', { precision: 3, scale: 1 }).notNull(),
    /** The most the member would take in value, or null for no cap. */
    maxValue: numeric('max_value', { precision: 10, scale: 2 }),
    /** When the owner was last alerted of a listing that fits (issue #45): at most one alert an hour. */
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    rank: integer('rank').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wants_user_release_key').on(t.userId, t.catalogReleaseId),
    index('wants_user_rank_idx').on(t.userId, t.rank),
    index('wants_release_idx').on(t.catalogReleaseId),
  ],
);

/**
 * Two-way matches found so far: member A owns sneakerA that B wants, and B owns sneakerB that A
 * wants. A row is written once per (pair, pair), so each new match is announced only once;
 * `notified` is set by whoever tells the members (the notifications module).
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    /** The smaller of the two member ids, so a match has one row whichever side found it. */
    userAId: uuid('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: uuid('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A's pair that B wants. */
    sneakerAId: integer('sneaker_a_id')
      .notNull()
      .references(() => sneakers.id, { onDelete: 'cascade' }),
    /** B's pair that A wants. */
    sneakerBId: integer('sneaker_b_id')
      .notNull()
      .references(() => sneakers.id, { onDelete: 'cascade' }),
    notified: boolean('notified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_pairs_key').on(t.sneakerAId, t.sneakerBId),
    index('matches_user_a_idx').on(t.userAId),
    index('matches_user_b_idx').on(t.userBId),
  ],
);

/**
 * The two-way matches GET /api/matches reads (migration 0055): one row per (member, partner), each
 * way, with the pair the member gives and the pair they receive, as the engine ranks them
 * (two-way-matches.ts). Rewritten for a member whenever their pairs or wants change
 * (refresh-member-matches.ts), so a request reads one index range instead of the market.
 */
export const memberMatches = pgTable(
  'member_matches',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    givePairId: integer('give_pair_id').notNull(),
    receivePairId: integer('receive_pair_id').notNull(),
    receiveRank: integer('receive_rank').notNull(),
    giveRank: integer('give_rank').notNull(),
    valueBalance: doublePrecision('value_balance').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.partnerId], name: 'member_matches_pkey' }),
    index('member_matches_page_idx').on(t.memberId, t.score.desc(), t.receivePairId),
    index('member_matches_partner_idx').on(t.partnerId),
  ],
);

/**
 * Members whose stored matches must be computed again. Database triggers queue a member (or bump
 * `version`) in the transaction that changes one of their pairs or wants, or their suspension
 * (migration 0055); a refresh removes the row only if `version` did not move meanwhile.
 */
export const matchRefreshQueue = pgTable(
  'match_refresh_queue',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('match_refresh_queue_queued_idx').on(t.queuedAt)],
);
