import { index, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const userFollows = pgTable(
  'user_follows',
  {
    id: serial('id').primaryKey(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_follows_pair_key').on(t.followerId, t.followingId),
    // Followers of a member, newest first (by id): one range of this index per page.
    index('user_follows_following_idx').on(t.followingId, t.id.desc()),
    // Whom a member follows, newest first, the same way.
    index('user_follows_follower_idx').on(t.followerId, t.id.desc()),
  ],
);
