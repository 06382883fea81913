import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ShippingCountry } from '@soleswap/contracts/addresses';
import { timestamps } from './columns';
import { loops } from './loops';
import { trades } from './trades';
import { users } from './users';

/** A member's address book: private to the member (docs/rules/addresses.md). */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    country: text('country').$type<ShippingCountry>().notNull(),
    ...timestamps,
  },
  // The member's own book, newest first (by id), page by page.
  (t) => [index('member_addresses_user_idx').on(t.userId, t.id.desc())],
);

/**
 * Where one side of a trade wants its parcel: a copy of a book entry taken when it was chosen, so
 * editing or deleting the book entry later never moves a parcel already on its way.
 */
export const tradeShipTo = pgTable(
  'trade_ship_to',
  {
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => memberAddresses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    country: text('country').$type<ShippingCountry>().notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.userId] })],
);

/**
 * Where one member of a loop wants the leg they receive: the same copy of a book entry as a trade
 * side's ship-to (migration 0060), chosen when they accept the loop.
 */
export const loopShipTo = pgTable(
  'loop_ship_to',
  {
    loopId: integer('loop_id')
      .notNull()
      .references(() => loops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => memberAddresses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    country: text('country').$type<ShippingCountry>().notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loopId, t.userId] })],
);

/** Every read of another member's ship-to address: who read whose, for which trade, when. Append-only. */
export const addressReads = pgTable(
  'address_reads',
  {
    id: serial('id').primaryKey(),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The trade whose ship-to was read, or else the loop (exactly one of the two; migration 0060). */
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'cascade' }),
    loopId: integer('loop_id').references(() => loops.id, { onDelete: 'cascade' }),
    /** Why the reader could see it: 'counterparty', 'admin-dispute' or 'centre-forward'. */
    reason: text('reason').notNull(),
    readAt: timestamp('read_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('address_reads_owner_idx').on(t.ownerId, t.id.desc()),
    index('address_reads_trade_idx').on(t.tradeId),
    index('address_reads_loop_idx').on(t.loopId),
    check('address_reads_one_subject', sql`(${t.tradeId} is null) <> (${t.loopId} is null)`),
  ],
);
