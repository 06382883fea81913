import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sneakers } from './sneakers';
import { users } from './users';

/**
 * One requested verification, run by a job: the dialog follows it by id until it is done, and
 * it keeps the result (or the reason it failed) after the sneaker moves on.
 */
export const verificationRuns = pgTable(
  'verification_runs',
  {
    id: serial('id').primaryKey(),
    sneakerId: integer('sneaker_id')
      .notNull()
      .references(() => sneakers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The queue job that runs it. */
    jobId: bigint('job_id', { mode: 'number' }),
    /** queued, done or failed. */
    status: text('status').notNull().default('queued'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('verification_runs_sneaker_idx').on(t.sneakerId), index('verification_runs_user_idx').on(t.userId, t.createdAt)],
);
