import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const earlySignups = pgTable('early_signups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lowercase; one row per e-mail (repeat signups change nothing). */
  email: text('email').notNull().unique(),
  signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
  source: text('source').notNull().default('coming_soon_page'),
  notified: boolean('notified').notNull().default(false),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
});
