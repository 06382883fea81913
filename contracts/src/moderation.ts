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
