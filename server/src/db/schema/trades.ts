import { sql } from 'drizzle-orm';
import {
  ESCROW_STATUSES,
  TRADE_ENDING_CAUSES,
  TRADE_STATUSES,
  type EscrowStatus,
  type FlaggedAcknowledgement,
  type TradeEndingCause,
  type TradeStatus,
} from '@soleswap/contracts/trades';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CARRIERS, type Carrier } from '@soleswap/contracts/tracking-numbers';
import { isOneOf, timestamps } from './columns';
import { loops } from './loops';
import { sneakers } from './sneakers';
import { users } from './users';

export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => users.id),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    /** See contracts/src/trades.ts TRADE_STATUSES and server/src/modules/trades/trade.machine.ts */
    status: text('status').$type<TradeStatus>().notNull().default('pending'),
    proposerSneakerIds: integer('proposer_sneaker_ids').array().notNull(),
    receiverSneakerIds: integer('receiver_sneaker_ids').array().notNull(),
    proposerMessage: text('proposer_message'),
    receiverMessage: text('receiver_message'),
    /** Hash of the ledger entry that locked this trade's escrow. */
    blockchainTxHash: text('blockchain_tx_hash'),
    escrowStatus: text('escrow_status').$type<EscrowStatus>().notNull().default('pending'),
    /** A counter-offer points at the trade it answers. */
    parentTradeId: integer('parent_trade_id').references((): AnyPgColumn => trades.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    proposerShippedAt: timestamp('proposer_shipped_at', { withTimezone: true }),
    receiverShippedAt: timestamp('receiver_shipped_at', { withTimezone: true }),
    proposerTrackingNumber: text('proposer_tracking_number'),
    receiverTrackingNumber: text('receiver_tracking_number'),
    /** 'ups', 'usps' or 'fedex' (contracts/src/tracking-numbers.ts); null for a number recorded before they were checked. */
    proposerCarrier: text('proposer_carrier').$type<Carrier>(),
    receiverCarrier: text('receiver_carrier').$type<Carrier>(),
    proposerReceivedAt: timestamp('proposer_received_at', { withTimezone: true }),
    receiverReceivedAt: timestamp('receiver_received_at', { withTimezone: true }),
    /** The proposer must confirm receipt by this time, or the deadline sweep does it (set when the receiver ships; migration 0053). */
    proposerReceiveBy: timestamp('proposer_receive_by', { withTimezone: true }),
    /** The receiver must confirm receipt by this time (set when the proposer ships). */
    receiverReceiveBy: timestamp('receiver_receive_by', { withTimezone: true }),
    proposerCancelRequestedAt: timestamp('proposer_cancel_requested_at', { withTimezone: true }),
    receiverCancelRequestedAt: timestamp('receiver_cancel_requested_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    disputedById: uuid('disputed_by_id').references(() => users.id),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A pending proposal expires at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** An accepted trade must be shipped by both sides before this time. */
    shipBy: timestamp('ship_by', { withTimezone: true }),
    /** Who proposed, countered or accepted while a pair was flagged by verification, which pairs, when (migration 0035). */
    flaggedAcknowledgements: jsonb('flagged_acknowledgements').$type<FlaggedAcknowledgement[]>().notNull().default([]),
    /** Cash the proposer adds to their side, in cents (whole dollars); never with receiver cash (migration 0041). */
    proposerCashCents: integer('proposer_cash_cents').notNull().default(0),
    /** Cash the receiver adds to their side, in cents. */
    receiverCashCents: integer('receiver_cash_cents').notNull().default(0),
    /** The proposer's saved payment method, authorized at acceptance when the proposer pays (a sandbox token or Stripe pm_ id). */
    cashPaymentMethod: text('cash_payment_method'),
    /** Both pairs travel through the authentication centre (docs/rules/inspection.md, migration 0051). */
    viaAuthentication: boolean('via_authentication').notNull().default(false),
    /**
     * The protection hold each side owes (cents; 0 for none), fixed when the proposal is made and
     * authorized at acceptance: the market value of the pairs a member new to trading sends (migration 0048).
     * The proposer's is authorized on `cashPaymentMethod`.
     */
    proposerHoldCents: integer('proposer_hold_cents').notNull().default(0),
    receiverHoldCents: integer('receiver_hold_cents').notNull().default(0),
    /** Whose pair failed inspection (or never reached the centre) when the centre failed the trade: their protection hold is captured (migration 0052). */
    failedInspectionMemberId: uuid('failed_inspection_member_id').references(() => users.id),
    /**
     * The acceptance that is putting this pending trade's money on cards (its random id), and since
     * when: no other acceptance may start meanwhile (trades/accept-trade.ts; migration 0064).
     */
    acceptanceClaim: uuid('acceptance_claim'),
    acceptanceClaimedAt: timestamp('acceptance_claimed_at', { withTimezone: true }),
    /**
     * How the trade ended, written by the transition that ends it (trade.machine.ts; migration 0074,
     * which backfilled older trades); null while it runs. Money reads it (protection-holds.ts).
     */
    endedCause: text('ended_cause').$type<TradeEndingCause>(),
    /** The members at fault in that ending (whose protection holds are captured); empty for none. */
    endedAtFaultIds: uuid('ended_at_fault_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (t) => [
    index('trades_proposer_idx').on(t.proposerId, t.createdAt.desc()),
    index('trades_receiver_idx').on(t.receiverId, t.createdAt.desc()),
    index('trades_status_idx').on(t.status),
    // The minutely deadline sweeps read only the trades whose deadline has come, not every trade.
    index('trades_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // Acceptances left by a process that died, released by the deadline sweep (release-abandoned-acceptances.ts).
    index('trades_acceptance_claimed_at_idx')
      .on(t.acceptanceClaimedAt)
      .where(sql`${t.acceptanceClaim} IS NOT NULL`),
    index('trades_accepted_ship_by_idx')
      .on(t.shipBy)
      .where(sql`${t.status} = 'accepted'`),
    index('trades_accepted_proposer_receive_by_idx')
      .on(t.proposerReceiveBy)
      .where(sql`${t.status} = 'accepted' and ${t.proposerReceivedAt} is null`),
    index('trades_accepted_receiver_receive_by_idx')
      .on(t.receiverReceiveBy)
      .where(sql`${t.status} = 'accepted' and ${t.receiverReceivedAt} is null`),
    index('trades_proposer_sneakers_idx').using('gin', t.proposerSneakerIds),
    index('trades_receiver_sneakers_idx').using('gin', t.receiverSneakerIds),
    check('trades_status_check', isOneOf(t.status, TRADE_STATUSES)),
    check('trades_escrow_status_check', isOneOf(t.escrowStatus, ESCROW_STATUSES)),
    check('trades_proposer_carrier_check', isOneOf(t.proposerCarrier, CARRIERS)),
    check('trades_receiver_carrier_check', isOneOf(t.receiverCarrier, CARRIERS)),
    check(
      'trades_cash_one_side_check',
      sql`${t.proposerCashCents} >= 0 and ${t.receiverCashCents} >= 0 and (${t.proposerCashCents} = 0 or ${t.receiverCashCents} = 0)`,
    ),
    check('trades_ended_cause_check', isOneOf(t.endedCause, TRADE_ENDING_CAUSES)),
    check('trades_holds_check', sql`${t.proposerHoldCents} >= 0 and ${t.receiverHoldCents} >= 0`),
  ],
);

/**
 * The escrow invariant, held by the database: a sneaker has at most one row here,
 * so it can sit in at most one escrow-locked trade or loop. A lock belongs to exactly one
 * trade or one loop. Rows are inserted on accept and deleted on release or refund.
 */
export const escrowLocks = pgTable(
  'escrow_locks',
  {
    sneakerId: integer('sneaker_id')
      .primaryKey()
      .references(() => sneakers.id),
    tradeId: integer('trade_id').references(() => trades.id),
    loopId: integer('loop_id').references(() => loops.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('escrow_locks_owner_check', sql`(${t.tradeId} is null) <> (${t.loopId} is null)`), index('escrow_locks_loop_idx').on(t.loopId)],
);

/** Audit trail: every transition of every trade. */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Null when the scheduler acted (expiry, ship deadline). */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    /** 'none' for the proposal that created the trade. */
    fromStatus: text('from_status').$type<TradeStatus | 'none'>().notNull(),
    toStatus: text('to_status').$type<TradeStatus>().notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_events_trade_idx').on(t.tradeId, t.id),
    check('trade_events_from_status_check', isOneOf(t.fromStatus, ['none', ...TRADE_STATUSES])),
    check('trade_events_to_status_check', isOneOf(t.toStatus, TRADE_STATUSES)),
  ],
);

export const tradeRatings = pgTable(
  'trade_ratings',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id),
    /** 1 to 5 */
    score: smallint('score').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trade_ratings_once_key').on(t.tradeId, t.raterId), index('trade_ratings_ratee_idx').on(t.rateeId)],
);

/**
 * What the parties of a disputed trade show the admin (migration 0054): a note and/or photos, at
 * most DISPUTE_EVIDENCE_PER_SIDE rows and DISPUTE_PHOTOS_PER_SIDE photos per side. Private to the
 * parties and the admins: `photo_names` are private images (`<hash>.webp` under
 * DATA_DIR/private-images, served only by GET /api/trades/:id/dispute-evidence/photos/:name;
 * migration 0063 moved the public `/uploads/...` URLs they held before).
 */
export const tradeDisputeEvidence = pgTable(
  'trade_dispute_evidence',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    note: text('note'),
    photoNames: text('photo_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_dispute_evidence_trade_idx').on(t.tradeId, t.id)],
);

/**
 * Dispute photos still to be moved out of the public `/uploads/` (migration 0063): each URL a
 * dispute held before photos became private, and whether the same picture is also shown publicly
 * (a listing's photo, a chat image, an avatar), so its public copy stays. Worked off at start-up
 * (trades/move-dispute-photos.ts), each row deleted once its files are moved.
 */
export const disputePhotoMoves = pgTable('dispute_photo_moves', {
  url: text('url').primaryKey(),
  keepPublic: boolean('keep_public').notNull(),
});

/** First answer of a state-changing call made with an Idempotency-Key, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** METHOD path, e.g. "POST /api/trades/3/accept" */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);
