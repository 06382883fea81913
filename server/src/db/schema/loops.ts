import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARRIERS, type Carrier } from '@soleswap/contracts/tracking-numbers';
import { isOneOf, timestamps } from './columns';
import { users } from './users';

/**
 * A loop trade proposed by a clearing run: each member gives one leg to the next and receives
 * one from the previous. See server/src/modules/loops/loop.machine.ts for the states.
 */
export const loops = pgTable(
  'loops',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('proposed'),
    escrowStatus: text('escrow_status').notNull().default('pending'),
    /** Every member must accept before this time. */
    acceptBy: timestamp('accept_by', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Once locked, every member must ship before this time. */
    shipBy: timestamp('ship_by', { withTimezone: true }),
    /** Hash of the ledger entry that locked the loop's escrow. */
    lockHash: text('lock_hash'),
    disputedById: uuid('disputed_by_id').references(() => users.id),
    disputeReason: text('dispute_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * What the clearing proposed, pairs and wants as it read them (loops/clearing/loop-fingerprint.ts):
     * once declined, the same loop is not proposed again until one of them changes. Null before 0028.
     */
    fingerprint: text('fingerprint'),
    ...timestamps,
  },
  (t) => [
    index('loops_status_idx').on(t.status),
    index('loops_declined_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`${t.status} = 'declined'`),
  ],
);

/** One leg of a loop: fromUser ships sneakerIds to toUser. Leg i's giver is the loop's i-th member. */
export const loopLegs = pgTable(
  'loop_legs',
  {
    id: serial('id').primaryKey(),
    loopId: integer('loop_id')
      .notNull()
      .references(() => loops.id),
    position: integer('position').notNull(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id),
    sneakerIds: integer('sneaker_ids').array().notNull(),
    /** The legs' value when proposed, so every member sees what each side is worth. */
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    /**
     * The protection hold the giver owes for this leg's pairs, in cents (0 for none): the one rule of
     * trades (wallet/protection-hold-amounts.ts), fixed when the loop is proposed (migration 0069).
     */
    holdCents: integer('hold_cents').notNull().default(0),
    /** The giver accepted the loop. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    /** 'ups', 'usps' or 'fedex' (contracts/src/tracking-numbers.ts); null for a number recorded before they were checked. */
    carrier: text('carrier').$type<Carrier>(),
    /** The receiver confirmed this leg arrived. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The receiver must confirm this leg arrived by this time, or the deadline sweep does it (set when it ships; migration 0053). */
    receiveBy: timestamp('receive_by', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('loop_legs_position_key').on(t.loopId, t.position),
    index('loop_legs_from_idx').on(t.fromUserId),
    index('loop_legs_to_idx').on(t.toUserId),
    index('loop_legs_sneakers_idx').using('gin', t.sneakerIds),
    index('loop_legs_receive_by_idx')
      .on(t.receiveBy)
      .where(sql`${t.receivedAt} is null`),
    check('loop_legs_carrier_check', isOneOf(t.carrier, CARRIERS)),
    check('loop_legs_hold_check', sql`${t.holdCents} >= 0`),
  ],
);

/** Audit trail: every transition of every loop. */
export const loopEvents = pgTable(
  'loop_events',
  {
    id: serial('id').primaryKey(),
    loopId: integer('loop_id')
      .notNull()
      .references(() => loops.id),
    /** Null when the scheduler acted. */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loop_events_loop_idx').on(t.loopId, t.id)],
);
