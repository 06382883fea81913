import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Every membership payment we asked a provider to take, with the provider's ids and our status. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** stripe | sandbox */
    provider: text('provider').notNull(),
    /** The provider's PaymentIntent id (pi_...). */
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Stripe's subscription for this member, when Stripe took the payment. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Handed back to the same member to resume an unfinished payment; never listed or logged. */
    clientSecret: text('client_secret'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** month | year: the length of the period this payment buys. */
    interval: text('interval').notNull().default('month'),
    /** One of PAYMENT_STATUSES (contracts/payments). */
    status: text('status').notNull(),
    /** The month the payment was started in, e.g. "2026-11" (kept for older rows; periods are on users). */
    period: text('period').notNull(),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** When the server saw the payment succeed: the start of the period it bought. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.period),
    index('payments_user_created_idx').on(t.userId, t.id),
  ],
);

/** The built-in sandbox provider's own records: what Stripe would keep on its side. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval').notNull(),
  status: text('status').notNull(),
  failureMessage: text('failure_message'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** While the member is asked to confirm: what the card does once they approve. */
  outcomeAfterApproval: jsonb('outcome_after_approval'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Provider webhook deliveries already applied, so a redelivery changes nothing a second time. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
