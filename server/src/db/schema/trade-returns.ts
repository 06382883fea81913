import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TRADE_RETURN_STATUSES, type TradeReturnStatus } from '@soleswap/contracts/trades';
import { isOneOf } from './columns';
import { trades } from './trades';
import { users } from './users';

/**
 * An admin's ruling on a trade's dispute (migration 0066), one per trade: the outcome and the note
 * both members read on the trade page and in the ruling's notice (docs/rules/trades.md#returns-after-a-refund).
 */
export const tradeRulings = pgTable('trade_rulings', {
  tradeId: integer('trade_id')
    .primaryKey()
    .references(() => trades.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  note: text('note'),
  ruledById: uuid('ruled_by_id').references(() => users.id, { onDelete: 'set null' }),
  ruledAt: timestamp('ruled_at', { withTimezone: true }).notNull(),
});

/**
 * A pair going back to its owner after a refund ruling on a direct trade whose parcels had moved
 * (migration 0066): one per pair that was shipped, sent by the member holding it to the owner's
 * ship-to for the trade. Its lifecycle is server/src/modules/trades/trade-return.machine.ts.
 */
export const tradeReturns = pgTable(
  'trade_returns',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    /** The side whose pair goes back (its owner), and the member who sends it back. */
    ownerSide: text('owner_side').$type<'proposer' | 'receiver'>().notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sneakerIds: integer('sneaker_ids').array().notNull(),
    status: text('status').$type<TradeReturnStatus>().notNull().default('awaiting_return'),
    /** When it should have shipped (RETURN_DEADLINE_DAYS after the ruling): overdue after that. */
    returnBy: timestamp('return_by', { withTimezone: true }).notNull(),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('trade_returns_one_per_pair').on(t.tradeId, t.ownerSide),
    check('trade_returns_status_check', isOneOf(t.status, TRADE_RETURN_STATUSES)),
    check('trade_returns_side_check', isOneOf(t.ownerSide, ['proposer', 'receiver'])),
    index('trade_returns_sender_idx').on(t.senderId),
    index('trade_returns_owner_idx').on(t.ownerId),
    index('trade_returns_awaiting_idx')
      .on(t.returnBy)
      .where(sql`${t.status} = 'awaiting_return'`),
  ],
);
