import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { HOLD_APPEAL_STATUSES, type HoldAppealStatus } from '@soleswap/contracts/hold-appeals';
import { HOLD_CAPTURE_REASONS, type HoldCaptureReason } from '@soleswap/contracts/wallet';
import { isOneOf, timestamps } from './columns';
import { loops } from './loops';
import { trades } from './trades';
import { users } from './users';
import { cashAuthorizations } from './wallet';

/**
 * Each captured protection hold, with why it was captured (migration 0061): written with the
 * capture, so the wallet entry names the reason and the member whose hold it was, and an appeal
 * knows whose it is and when the 7 days began.
 */
export const holdCaptures = pgTable(
  'hold_captures',
  {
    authorizationId: integer('authorization_id')
      .primaryKey()
      .references(() => cashAuthorizations.id),
    /** The trade or the loop the hold was taken for (one of them: migration 0069). */
    tradeId: integer('trade_id').references(() => trades.id),
    loopId: integer('loop_id').references(() => loops.id),
    /** Whose hold it was, and who it was paid to. */
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<HoldCaptureReason>().notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('hold_captures_reason_check', isOneOf(t.reason, HOLD_CAPTURE_REASONS)),
    check('hold_captures_amount_check', sql`${t.amountCents} > 0`),
    check('hold_captures_one_subject_check', sql`(${t.tradeId} IS NULL) <> (${t.loopId} IS NULL)`),
    index('hold_captures_trade_idx').on(t.tradeId),
  ],
);

/**
 * An appeal of a captured hold (docs/rules/money.md#appealing-a-capture), one per capture: open until
 * an admin reverses the capture (the amount goes back) or upholds it. Its lifecycle is
 * server/src/modules/wallet/hold-appeal.machine.ts.
 */
export const holdAppeals = pgTable(
  'hold_appeals',
  {
    id: serial('id').primaryKey(),
    authorizationId: integer('authorization_id')
      .notNull()
      .unique('hold_appeals_one_per_capture')
      .references(() => holdCaptures.authorizationId),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    reason: text('reason').notNull(),
    status: text('status').$type<HoldAppealStatus>().notNull().default('open'),
    /** The admin who ruled, their note (both members read it), and when. */
    ruledById: uuid('ruled_by_id').references(() => users.id),
    ruling: text('ruling'),
    ruledAt: timestamp('ruled_at', { withTimezone: true }),
    /** On a reversal: taken back from the payee's balance, and the rest, which the platform paid. */
    takenBackCents: integer('taken_back_cents').notNull().default(0),
    platformCents: integer('platform_cents').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('hold_appeals_status_check', isOneOf(t.status, HOLD_APPEAL_STATUSES)),
    check('hold_appeals_amounts_check', sql`${t.takenBackCents} >= 0 AND ${t.platformCents} >= 0`),
    index('hold_appeals_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    index('hold_appeals_trade_idx').on(t.tradeId),
  ],
);
