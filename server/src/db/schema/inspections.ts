import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INSPECTION_STATUSES, type ForwardedTo, type InspectionStatus, type InspectionVerdictKind } from '@soleswap/contracts/inspection';
import { CARRIERS, type Carrier } from '@soleswap/contracts/tracking-numbers';
import { isOneOf, timestamps } from './columns';
import { trades } from './trades';
import { users } from './users';

/**
 * One pair of a via-authentication trade at the centre (docs/rules/inspection.md, migration 0051):
 * its lifecycle is server/src/modules/inspection/inspection.machine.ts.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    /** The trade side that sends this pair. */
    side: text('side').$type<'proposer' | 'receiver'>().notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    sneakerIds: integer('sneaker_ids').array().notNull(),
    status: text('status').$type<InspectionStatus>().notNull().default('awaiting_arrival'),
    /** The inspector who last acted on the pair. */
    inspectorId: uuid('inspector_id').references(() => users.id),
    /** What the inspector found: passed, failed or a quality issue. */
    verdict: text('verdict').$type<InspectionVerdictKind>(),
    notes: text('notes'),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    memberDecidedAt: timestamp('member_decided_at', { withTimezone: true }),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    forwardedTo: text('forwarded_to').$type<ForwardedTo>(),
    forwardTrackingNumber: text('forward_tracking_number'),
    forwardCarrier: text('forward_carrier').$type<Carrier>(),
    /** Arrival deadline while awaiting arrival; the member's answer deadline on a quality issue. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inspections_trade_side_idx').on(t.tradeId, t.side),
    index('inspections_queue_idx').on(t.status, t.id),
    index('inspections_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} in ('awaiting_arrival', 'quality_issue')`),
    check('inspections_side_check', sql`${t.side} in ('proposer', 'receiver')`),
    check('inspections_status_check', isOneOf(t.status, INSPECTION_STATUSES)),
    check('inspections_verdict_check', sql`${t.verdict} in ('passed', 'failed', 'quality_issue')`),
    check('inspections_forwarded_to_check', sql`${t.forwardedTo} in ('recipient', 'owner')`),
    check('inspections_forward_carrier_check', isOneOf(t.forwardCarrier, CARRIERS)),
  ],
);
