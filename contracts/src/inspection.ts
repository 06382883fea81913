import { z } from 'zod';
import { idCursorSchema, pageLimitSchema, queryObject } from './list-query';
import { isUploadUrl } from './uploads';
import type { Tracking } from './tracking-numbers';
import { trackingNumberSchema } from './trades';
import type { ShipToAddress } from './addresses';
import type { Sneaker } from './sneakers';

/**
 * The authentication-centre route (docs/rules/inspection.md). A trade "via authentication" sends
 * both pairs to the centre; each pair is one inspection with its own lifecycle
 * (server/src/modules/inspection/inspection.machine.ts). This is only the vocabulary.
 */
export const INSPECTION_STATUSES = ['awaiting_arrival', 'received', 'passed', 'failed', 'quality_issue', 'forwarded', 'cancelled'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/**
 * What people may do to an inspection: the inspector's steps, and the receiving member's answer to
 * a quality issue. These names are `allowedActions` and the last path segment of
 * `POST /api/inspection/pairs/:id/<action>`.
 */
export const INSPECTION_ACTIONS = ['receive', 'pass', 'fail', 'quality-issue', 'forward', 'accept-issue', 'decline-issue'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

/** The inspector's actions (the queue page's buttons); the other two are the receiving member's. */
export const INSPECTOR_ACTIONS = ['receive', 'pass', 'fail', 'quality-issue', 'forward'] as const satisfies readonly InspectionAction[];

/** What the inspector found. */
export type InspectionVerdictKind = 'passed' | 'failed' | 'quality_issue';

/** Where a forwarded pair went: on to the other member, or back to its owner (a failed trade). */
export type ForwardedTo = 'recipient' | 'owner';

/** A pair not at the centre this many days after the trade's ship-by time fails the trade. */
export const ARRIVAL_GRACE_DAYS = 7;
/** The receiving member has this many days to answer a quality issue; silence declines it. */
export const QUALITY_ISSUE_ANSWER_DAYS = 3;
export const INSPECTION_NOTES_MAX = 1000;
export const INSPECTION_PHOTOS_MAX = 8;

export const INSPECTION_PAGE_DEFAULT = 20;
export const INSPECTION_PAGE_MAX = 50;

/** GET /api/inspection/queue?status=&cursor=&limit=: the pairs in one status (awaiting arrival without), oldest first. */
export const InspectionQueueQuerySchema = queryObject({
  status: z.enum(INSPECTION_STATUSES, { error: `Status must be one of ${INSPECTION_STATUSES.join(', ')}` }).default('awaiting_arrival'),
  cursor: idCursorSchema(),
  limit: pageLimitSchema(INSPECTION_PAGE_MAX, INSPECTION_PAGE_DEFAULT),
});
export type InspectionQueueQuery = z.output<typeof InspectionQueueQuerySchema>;

const notesSchema = z
  .string({ error: 'Write what you found' })
  .trim()
  .min(1, 'Write what you found')
  .max(INSPECTION_NOTES_MAX, `Notes must be at most ${INSPECTION_NOTES_MAX} characters`);

/** Photos the inspector took, uploaded first through POST /api/uploads (the URLs it answered). */
const photoUrlsSchema = z
  .array(z.string().refine(isUploadUrl, 'Upload the photo first'), { error: 'photoUrls is a list of uploaded photos' })
  .max(INSPECTION_PHOTOS_MAX, `At most ${INSPECTION_PHOTOS_MAX} photos`)
  .default([]);

/** POST /api/inspection/pairs/:id/pass | fail | quality-issue: what the inspector found. */
export const InspectionVerdictSchema = z.object({ notes: notesSchema, photoUrls: photoUrlsSchema });
export type InspectionVerdict = z.output<typeof InspectionVerdictSchema>;

/** POST /api/inspection/pairs/:id/forward: the parcel the centre sent on (or back), with its tracking number. */
export const ForwardPairSchema = z.object({ trackingNumber: trackingNumberSchema });
export type ForwardPair = z.infer<typeof ForwardPairSchema>;

/** The centre's address, as configured by the operator (AUTHENTICATION_CENTRE_ADDRESS, one line per entry). */
export interface AuthenticationCentre {
  lines: string[];
}

/** One pair's journey through the centre, as the two members of the trade (and inspectors) see it. */
export interface InspectionJourney {
  id: number;
  tradeId: number;
  /** Whose pair: the trade side that sends it. */
  side: 'proposer' | 'receiver';
  ownerId: string;
  recipientId: string;
  status: InspectionStatus;
  /** When its owner marked it shipped to the centre; null before (it is not on its way yet). */
  shippedAt: string | null;
  /** What the inspector found, wrote and photographed; set once the pair is judged. */
  verdict: InspectionVerdictKind | null;
  notes: string | null;
  photoUrls: string[];
  receivedAt: string | null;
  decidedAt: string | null;
  memberDecidedAt: string | null;
  forwardedAt: string | null;
  forwardedTo: ForwardedTo | null;
  forwardTracking: Tracking | null;
  /** The pair must arrive by then (awaiting arrival), or the member answer a quality issue by then. */
  deadlineAt: string | null;
  createdAt: string;
  /** What the caller may do now, from the inspection machine. */
  allowedActions: InspectionAction[];
}

/** GET /api/trades/:id/inspection: a via-authentication trade's two pairs and where to send them. */
export interface TradeInspection {
  tradeId: number;
  centre: AuthenticationCentre;
  pairs: InspectionJourney[];
}

/**
 * GET /api/inspection/pairs/:id/destination: where the inspector posts a pair that is ready to go,
 * the one address that needs (the other member's, or the owner's for a return). The read is recorded.
 */
export interface PairDestination {
  pairId: number;
  to: ForwardedTo;
  /** The member's ship-to for this trade; null when they chose none. */
  address: ShipToAddress | null;
}

/**
 * Where a pair in the queue goes when it leaves the centre, as things stand (never the address: that
 * is read once the pair is ready, GET /api/inspection/pairs/:id/destination).
 */
export interface PairHeading {
  /** On to the other member, or back to its owner; null while the trade is disputed or the pair never arrived. */
  to: ForwardedTo | null;
  /** The member it goes to, and their username. */
  memberId: string | null;
  username: string | null;
  /** Whether that member chose a ship-to for the trade: without one, forward is refused (409 SHIP_TO_MISSING). */
  hasShipTo: boolean;
}

/** The slip of the parcel the centre sends a pair in (inspectors, once the pair is ready to go). */
export const forwardSlipPath = (pairId: number) => `/api/inspection/pairs/${pairId}/packing-slip.pdf`;

/** One row of the inspection queue. */
export interface InspectionQueueItem extends InspectionJourney {
  heading: PairHeading;
  /** The pair's sneakers as listed: the listing's photos (`photos`) and the verifier's evidence (`verificationChecks`). */
  sneakers: Sneaker[];
  /** The parcel the owner sent to the centre, once shipped. */
  inboundTracking: Tracking | null;
}

export interface InspectionQueuePage {
  items: InspectionQueueItem[];
  nextCursor: string | null;
}

/**
 * Whether this server has an authentication centre, and the operator's threshold above which a trade
 * must go through it (`GET /api/inspection/config`, docs/rules/inspection.md#which-trades).
 */
export interface InspectionConfig {
  hasCentre: boolean;
  /** A trade whose larger side is worth more than this (cents) always goes via authentication; null: never required. */
  requiredAboveCents: number | null;
}
