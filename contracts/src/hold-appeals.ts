import { z } from 'zod';
import { DAY_MS } from './time';
import type { HoldCaptureReason } from './wallet';

/**
 * Appeals of a captured protection hold (docs/rules/money.md#appealing-a-capture): the member whose
 * pair failed authentication asks an admin, within HOLD_APPEAL_DAYS of the capture, to give the hold
 * back; the admin reverses the capture or upholds it, with a note both members read.
 */

/** How long after the capture the member whose hold it was may appeal. */
export const HOLD_APPEAL_DAYS = 7;
export const HOLD_APPEAL_WINDOW_MS = HOLD_APPEAL_DAYS * DAY_MS;
/** The longest reason a member gives, and the longest note an admin writes. */
export const HOLD_APPEAL_REASON_MAX = 2000;
export const HOLD_APPEAL_NOTE_MAX = 1000;

export const HOLD_APPEAL_STATUSES = ['open', 'reversed', 'upheld'] as const;
export type HoldAppealStatus = (typeof HOLD_APPEAL_STATUSES)[number];

/** What an admin may do to an appeal (the appeal machine's actions). */
export const HOLD_APPEAL_ACTIONS = ['reverse', 'uphold'] as const;
export type HoldAppealAction = (typeof HOLD_APPEAL_ACTIONS)[number];

/** POST /api/trades/:id/hold-appeal: the member whose pair failed says why the capture was wrong. */
export const FileHoldAppealSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the hold should be given back' })
    .trim()
    .min(1, 'Say why the hold should be given back')
    .max(HOLD_APPEAL_REASON_MAX, `Keep the reason under ${HOLD_APPEAL_REASON_MAX} characters`),
});
export type FileHoldAppeal = z.infer<typeof FileHoldAppealSchema>;

/** POST /api/admin/hold-appeals/:id/reverse | uphold: the admin's note, which both members read. */
export const RuleHoldAppealSchema = z.strictObject({
  note: z
    .string({ error: 'Write the note both members will read' })
    .trim()
    .min(1, 'Write the note both members will read')
    .max(HOLD_APPEAL_NOTE_MAX, `Keep the note under ${HOLD_APPEAL_NOTE_MAX} characters`),
});
export type RuleHoldAppeal = z.infer<typeof RuleHoldAppealSchema>;

/** One appeal, as its two members and admins see it. */
export interface HoldAppeal {
  id: number;
  tradeId: number;
  /** The member whose hold was captured (who appeals), and the member it was paid to. */
  ownerId: string;
  ownerName: string | null;
  otherId: string;
  otherName: string | null;
  amountCents: number;
  captureReason: HoldCaptureReason;
  capturedAt: string;
  reason: string;
  status: HoldAppealStatus;
  /** The admin's note with the ruling; null while open. */
  ruling: { note: string; at: string } | null;
  /**
   * On a reversal: what was taken back from the other member's balance (at most what it held) and
   * what the platform paid because they had already withdrawn it. Both 0 otherwise.
   */
  takenBackCents: number;
  platformCents: number;
  createdAt: string;
  /** What the caller may do now (an admin: reverse or uphold an open appeal). */
  allowedActions: HoldAppealAction[];
}

/**
 * GET /api/trades/:id/hold-appeal: the caller's standing on the trade's captured hold: the appeal
 * if one was filed, and whether (and until when) the caller may file one.
 */
export interface TradeHoldAppeal {
  appeal: HoldAppeal | null;
  /** The caller's own hold was captured because their pair failed authentication, no appeal yet, and the window is open. */
  canAppeal: boolean;
  /** The end of the appeal window of the caller's captured hold; null when none of theirs was captured so. */
  appealBy: string | null;
}
