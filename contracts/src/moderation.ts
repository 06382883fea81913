import { z } from 'zod';

/** What a member can report: another member, a listing (sneaker) or a chat message. */
export const REPORT_KINDS = ['member', 'listing', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_REASON_MAX = 500;
/** New reports one member may file per hour; repeats of an open report do not count. */
export const REPORTS_PER_HOUR = 10;

export const REPORT_REASON_REQUIRED = 'Tell us what is wrong';

/** POST /api/reports */
export const CreateReportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: 'Choose what you are reporting' }),
    /** A member's id, or a listing's or message's number. */
    targetId: z.union([z.string().trim().min(1).max(64), z.number().int().positive().max(2_147_483_647)]).transform(String),
    reason: z
      .string({ error: REPORT_REASON_REQUIRED })
      .trim()
      .min(1, REPORT_REASON_REQUIRED)
      .max(REPORT_REASON_MAX, `Keep it under ${REPORT_REASON_MAX} characters`),
  })
  .strict();
export type CreateReport = z.infer<typeof CreateReportSchema>;

/** Answer of POST /api/reports (the same open report when it was already filed). */
export interface Report {
  id: number;
  kind: ReportKind;
  targetId: string;
  status: ReportStatus;
  createdAt: string;
}

/** What an admin does about a report. */
export const REPORT_ACTIONS = ['dismiss', 'hide-listing', 'suspend-member'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const ADMIN_NOTE_MAX = 500;
export const ADMIN_NOTE_REQUIRED = 'Add a note for the audit log';

const adminNote = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(ADMIN_NOTE_MAX, `Keep it under ${ADMIN_NOTE_MAX} characters`);

/** POST /api/admin/reports/:id/resolve */
export const ResolveReportSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Choose dismiss, hide listing or suspend member' }),
    note: adminNote(ADMIN_NOTE_REQUIRED),
  })
  .strict();
export type ResolveReport = z.infer<typeof ResolveReportSchema>;

export const SUSPEND_REASON_REQUIRED = 'Say why the member is suspended';

/** POST /api/admin/users/:id/suspend */
export const SuspendMemberSchema = z.object({ reason: adminNote(SUSPEND_REASON_REQUIRED) }).strict();
export type SuspendMember = z.infer<typeof SuspendMemberSchema>;

/** Lives with the error codes (no schema library), so the web's first script can show it. */
export { ACCOUNT_SUSPENDED_MESSAGE } from './errors';

/** The reason the system gives when it sends a suspended member's accepted trade to the admins. */
export const SUSPENSION_DISPUTE_REASON = 'A member of this trade was suspended. The sneakers stay in escrow until an admin settles the trade.';

/** A member as the moderation pages show them. */
export interface ModeratedMember {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  reputation: string;
  totalTrades: number;
  createdAt: string;
  /** Set while the member is suspended. */
  suspendedAt: string | null;
  suspendedReason: string | null;
}

/** A chat message as the report queue shows it. */
export interface ModeratedMessage {
  id: number;
  /** The trade the message was sent in, or null for a direct message. */
  tradeId: number | null;
  /** The direct conversation the message was sent in, or null for trade chat. */
  conversationId: number | null;
  senderId: string;
  senderName: string | null;
  content: string;
  imageUrl: string | null;
  createdAt: string;
}

/** An open report with the reported content in context (GET /api/admin/reports). */
export interface AdminReport {
  id: number;
  kind: ReportKind;
  targetId: string;
  reason: string;
  status: ReportStatus;
  createdAt: string;
  reporter: ModeratedMember | null;
  /** The member behind the target (the reported member, the listing's owner, the message's sender). */
  reportedMember: ModeratedMember | null;
  /** For a listing report; null when the listing was deleted since. */
  listing: {
    id: number;
    name: string;
    brand: string;
    imageUrl: string | null;
    thumbnailUrl: string | null;
    isAvailableForTrade: boolean;
  } | null;
  /**
   * For a message report (null when the message is gone): the message, and `context`, the few
   * messages of the same chat before and after it in chat order, the reported one included.
   */
  message: { reported: ModeratedMessage; context: ModeratedMessage[] } | null;
  resolutionAction: ReportAction | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
}

/** POST /api/admin/users/:id/suspend and /unsuspend */
export interface MemberSuspension {
  userId: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
  /** Pending proposals the suspension cancelled, and accepted trades it sent to the dispute queue. */
  cancelledTradeIds: number[];
  disputedTradeIds: number[];
}

/** What the admin audit log records. */
export const ADMIN_ACTIONS = [
  'resolve-report',
  'hide-listing',
  'suspend-member',
  'unsuspend-member',
  'resolve-dispute',
  'run-loops',
  'seed-library',
  'mark-signup-notified',
  /** The review queue (issue #28): a flagged pair's flag confirmed (listing hidden) or cleared. */
  'confirm-flag',
  'clear-flag',
  /** An appeal of a captured protection hold reversed or upheld (issue #40). */
  'rule-hold-appeal',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_TARGET_TYPES = ['report', 'listing', 'member', 'trade', 'catalog', 'signup', 'loops'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

/** One row of GET /api/admin/audit-log, newest first. */
export interface AdminAuditEntry {
  id: number;
  admin: { id: string; username: string | null } | null;
  action: AdminAction;
  targetType: AdminTargetType;
  targetId: string | null;
  note: string | null;
  createdAt: string;
}

/** One step of a disputed trade's audit trail (the admins' dispute page). */
export interface TradeHistoryEvent {
  id: number;
  action: string;
  /** Null when the system acted (a deadline, a block, a suspension). */
  actorId: string | null;
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string;
  /** Tracking number, reason, outcome, score: what the step carried. */
  data: Record<string, unknown> | null;
  createdAt: string;
}
