import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const earlySignups = pgTable(
  'early_signups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lowercase; one row per e-mail (repeat signups change nothing). */
    email: text('email').notNull().unique(),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default('coming_soon_page'),
    notified: boolean('notified').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    // The admin list is newest first, a page at a time.
    index('early_signups_date_idx').on(t.signupDate, t.id),
    // The admin search is a substring match on name or e-mail: trigram indexes serve `LIKE '%q%'`.
    index('early_signups_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('early_signups_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);
