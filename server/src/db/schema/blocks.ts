import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member blocking another: no trades, follows or messages between them, either way. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: serial('id').primaryKey(),
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also serves "whom did I block", newest first (by id), and "is A blocking B".
    uniqueIndex('user_blocks_pair_key').on(t.blockerId, t.blockedId),
    index('user_blocks_blocker_idx').on(t.blockerId, t.id.desc()),
    // "Who blocks me": the other direction of the either-way check.
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
