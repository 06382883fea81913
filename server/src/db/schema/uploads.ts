import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Which member uploaded which stored image (POST /api/uploads). Images are stored under content
 * hashes, so knowing a URL proves nothing; a message may only attach an image its sender uploaded.
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.imageUrl] })],
);
