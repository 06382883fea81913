import { timestamp } from 'drizzle-orm/pg-core';

/** createdAt / updatedAt as every table keeps them (timestamptz, set by the database). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
