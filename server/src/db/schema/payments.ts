import { index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** stripe | sandbox */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** requires_payment, processing, succeeded, failed */
    status: text('status').notNull(),
    /** The membership period this payment buys, e.g. "2026-11". One succeeded payment per user and period. */
    period: text('period').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.period),
  ],
);
