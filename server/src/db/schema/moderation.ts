import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Members' reports of a member, a listing or a message, for the operators' moderation queue.
 * `targetId` is the member's uuid or the listing's / message's number as text; `targetUserId`
 * is the member behind the target, kept so the queue can group reports by person even after
 * a listing is deleted.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['member', 'listing', 'message'] }).notNull(),
    targetId: text('target_id').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What the admin did about it: dismiss, hide-listing or suspend-member. */
    resolutionAction: text('resolution_action', { enum: ['dismiss', 'hide-listing', 'suspend-member'] }),
    /** The admin's note, required when resolving. */
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per member per target: a repeat finds this row instead of adding one.
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The per-member rate limit counts the last hour's reports.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    // The operators' queue: open reports, oldest first.
    index('reports_status_created_idx').on(t.status, t.createdAt),
    // The open-report queue, oldest first, pages by id.
    index('reports_status_id_idx').on(t.status, t.id),
    check('reports_kind_check', sql`${t.kind} in ('member', 'listing', 'message')`),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check(
      'reports_resolution_action_check',
      sql`${t.resolutionAction} is null or ${t.resolutionAction} in ('dismiss', 'hide-listing', 'suspend-member')`,
    ),
  ],
);

/**
 * Every admin action (report resolutions, hidden listings, suspensions, dispute rulings, library
 * seeding, loop runs, signups marked notified): who did what to which record, why, and when.
 * Append-only, read newest first by id (the primary key serves it); the row outlives the
 * admin's account, whose reference then becomes null.
 */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: serial('id').primaryKey(),
  adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  /** What kind of record the action was about: report, listing, member, trade, catalog, signup, loops. */
  targetType: text('target_type').notNull(),
  /** The record's id as text; null for actions on no single record (seeding the library). */
  targetId: text('target_id'),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
