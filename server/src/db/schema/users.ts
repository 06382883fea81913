import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@soleswap/contracts/users';
import { timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercase: people type e-mail in any case. */
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    username: text('username'),
    bio: text('bio'),
    /** Mean of received trade ratings, 0.00 to 5.00. */
    reputation: numeric('reputation', { precision: 3, scale: 2 }).notNull().default('0.00'),
    totalTrades: integer('total_trades').notNull().default(0),
    isPremiumMember: boolean('is_premium_member').notNull().default(false),
    /** Start of the paid period the member is in (or was last in). */
    membershipPaidAt: timestamp('membership_paid_at', { withTimezone: true }),
    /** End (exclusive) of that period; a recurring job switches isPremiumMember off once it passes. */
    membershipPeriodEnd: timestamp('membership_period_end', { withTimezone: true }),
    /** The member cancelled: premium runs to the period end and is not renewed. */
    membershipCanceledAt: timestamp('membership_canceled_at', { withTimezone: true }),
    /** A refund ended premium early, at this instant. */
    membershipEndedAt: timestamp('membership_ended_at', { withTimezone: true }),
    paymentCustomerId: text('payment_customer_id'),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** The OpenID Connect issuer and subject this account signs in with. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Set by an admin: the member cannot sign in, and every session of theirs is refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Why the admin suspended the member (kept for the audit, never shown to other members). */
    suspendedReason: text('suspended_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_key').on(t.oidcIssuer, t.oidcSubject),
    index('users_username_idx').on(t.username),
    // Usernames are unique whatever the case when a member picks one: this finds a holder fast.
    // Not a unique index: names given by sign-in providers before that rule may already clash.
    index('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The minutely lapse job reads only the premium members whose period has ended.
    index('users_premium_period_end_idx')
      .on(t.membershipPeriodEnd)
      .where(sql`${t.isPremiumMember}`),
    // Every list leaves suspended members' listings out: this finds the few suspended members.
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
  ],
);
