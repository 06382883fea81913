import { z } from 'zod';
import { shipToAddressIdSchema, type ShipToAddress, type ShipToHiddenReason } from './addresses';
import { cursorSchema, emptyToUndefined, idCursorSchema, pageLimitSchema, queryObject } from './list-query';
import type { Tracking } from './tracking-numbers';
import type { User } from './users';
import type { Verdict } from './verification';
import { CashCardSchema, cashCentsSchema, cashOnOneSide, cashSourceSchema } from './wallet';
import type { TradeCash } from './wallet';
import type { ProtectionHold } from './wallet-protection';

/**
 * Trade lifecycle (see docs/rules/trades.md#statuses). The transitions live in
 * server/src/modules/trades/trade.machine.ts; this is only the vocabulary.
 * `expired` is a pending proposal that passed its PROPOSAL_TTL_DAYS.
 */
export const TRADE_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'countered', 'completed', 'disputed', 'expired'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/**
 * How a trade ended (issue #42), recorded by the trade machine's transition that ends it (`trades.ended_cause`, migration 0074), so
 * money reads the ending instead of re-deriving it from which columns are null:
 * - completed: both receipts (or the system's), or the centre forwarding both pairs;
 * - dispute_completed / dispute_refunded: an admin's ruling on a dispute;
 * - ship_deadline: the deadline sweep cancelled an accepted trade a side had not shipped;
 * - failed_inspection: the centre failed a pair (or it never arrived);
 * - mutual_cancel: both sides asked to cancel an accepted trade;
 * - withdrawn, rejected, countered, expired: a proposal that ended before acceptance.
 */
export const TRADE_ENDING_CAUSES = [
  'completed',
  'dispute_completed',
  'dispute_refunded',
  'ship_deadline',
  'failed_inspection',
  'mutual_cancel',
  'withdrawn',
  'rejected',
  'countered',
  'expired',
] as const;
export type TradeEndingCause = (typeof TRADE_ENDING_CAUSES)[number];

/** locked on accept; released on completion; refunded on cancel after accept. */
export const ESCROW_STATUSES = ['pending', 'locked', 'released', 'refunded'] as const;
export type EscrowStatus = (typeof ESCROW_STATUSES)[number];

/**
 * What a person can do to a trade. These exact names are the API's
 * `allowedActions` and the last path segment of `POST /api/trades/:id/<action>`.
 */
export const TRADE_ACTIONS = ['accept', 'reject', 'cancel', 'counter', 'ship', 'receive', 'dispute', 'resolve', 'rate'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

/** How an admin may close a dispute. */
export const RESOLVE_OUTCOMES = ['completed', 'cancelled'] as const;
export type ResolveOutcome = (typeof RESOLVE_OUTCOMES)[number];

export const MAX_SNEAKERS_PER_SIDE = 10;
export const TRADE_MESSAGE_MAX = 1000;
/** A pending proposal expires after this many days. */
export const PROPOSAL_TTL_DAYS = 7;
/** After acceptance each side has this many days to ship, else the trade is cancelled. */
export const SHIP_DEADLINE_DAYS = 5;
export const TRACKING_NUMBER_MAX = 64;
export const DISPUTE_REASON_MAX = 1000;
export const RATING_COMMENT_MAX = 500;

/**
 * A party can print a packing slip (GET /api/trades/:id/packing-slip.pdf) once the trade is
 * accepted: while the pairs travel, in a dispute, and afterwards for their records.
 */
export const PACKING_SLIP_STATUSES: readonly TradeStatus[] = ['accepted', 'disputed', 'completed'];

/** Where a trade's packing slip is served (the web links to it; the server routes it). */
export const packingSlipPath = (tradeId: number) => `/api/trades/${tradeId}/packing-slip.pdf`;

/** The toast text (see docs/rules/trades.md#proposals) when either side of a proposal is empty. */
export const EMPTY_SIDE_MESSAGE = 'Please select sneakers from both sides to trade';

const sneakerIdsSchema = z
  // Ids are int4 (serial) columns: a larger number is no sneaker, and must not reach the database.
  .array(
    z.number({ error: 'Invalid sneaker id' }).int('Invalid sneaker id').positive('Invalid sneaker id').max(2_147_483_647, 'Invalid sneaker id'),
    {
      error: EMPTY_SIDE_MESSAGE,
    },
  )
  .min(1, EMPTY_SIDE_MESSAGE)
  .max(MAX_SNEAKERS_PER_SIDE, `You can select at most ${MAX_SNEAKERS_PER_SIDE} sneakers on each side`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each sneaker can be selected only once');

const tradeMessageSchema = z.string().trim().max(TRADE_MESSAGE_MAX, `Message must be at most ${TRADE_MESSAGE_MAX} characters`).optional();

/** POST /api/trades: a new proposal. Ownership, availability and locks are checked by the service. */
/**
 * The caller has seen that pairs in the trade are flagged for review and goes ahead anyway. Without
 * it, a trade holding a flagged pair answers 409 TRADE_FLAGGED_UNACKNOWLEDGED naming the pairs.
 */
const acknowledgeFlaggedSchema = z.boolean({ error: 'acknowledgeFlagged is true or false' }).optional();

/** A member's choice to route the trade through the authentication centre; either side's yes makes it so. */
const viaAuthenticationSchema = z.boolean({ error: 'viaAuthentication is true or false' }).optional();

/**
 * What a proposal and a counter-offer both carry, seen from whoever makes it: `proposerSneakerIds`
 * are their own sneakers, `receiverSneakerIds` the other side's.
 */
const proposalFields = {
  proposerSneakerIds: sneakerIdsSchema,
  receiverSneakerIds: sneakerIdsSchema,
  proposerMessage: tradeMessageSchema,
  acknowledgeFlagged: acknowledgeFlaggedSchema,
  /** Cash the proposer adds (cents, whole dollars); their card is authorized for it at acceptance. */
  proposerCashCents: cashCentsSchema,
  /** Cash the proposer asks the other side to add; that side's card is authorized at acceptance. */
  receiverCashCents: cashCentsSchema,
  /** The proposer's card, needed when the proposer adds cash from their card. */
  cashCard: CashCardSchema.optional(),
  /** `wallet`: the proposer's cash comes from their wallet balance instead of a card (no card then). */
  cashSource: cashSourceSchema,
  /** Where the proposer wants the other side's parcel: one of the proposer's own addresses (docs/rules/addresses.md). */
  shipToAddressId: shipToAddressIdSchema,
  /** Send both pairs through the authentication centre (docs/rules/inspection.md). */
  viaAuthentication: viaAuthenticationSchema,
};

export const CreateTradeSchema = z
  .object({
    // guid, not uuid: any id PostgreSQL's uuid type accepts, including hand-written seed ids.
    receiverId: z.guid('Choose who you want to trade with'),
    ...proposalFields,
  })
  .superRefine(cashOnOneSide);
export type CreateTrade = z.output<typeof CreateTradeSchema>;

/**
 * POST /api/trades/:id/counter: the receiver answers with a new proposal in the
 * other direction. Sides are seen from the counter-proposer: `proposerSneakerIds`
 * are the counter-proposer's own sneakers (the original receiver's), and
 * `receiverSneakerIds` are the original proposer's.
 */
export const CounterTradeSchema = z.object(proposalFields).superRefine(cashOnOneSide);
export type CounterTrade = z.output<typeof CounterTradeSchema>;

/** POST /api/trades/:id/accept: the body is optional; a trade holding a flagged pair needs `acknowledgeFlagged: true`. */
export const AcceptTradeSchema = z
  .object({
    acknowledgeFlagged: acknowledgeFlaggedSchema,
    /** Where the proposer's parcel should go: one of the receiver's own addresses (docs/rules/addresses.md). */
    shipToAddressId: shipToAddressIdSchema,
    /** The receiver's card, needed when the receiver's side carries cash paid by card. */
    cashCard: CashCardSchema.optional(),
    /** `wallet`: the receiver pays their side's cash from their wallet balance instead of a card. */
    cashSource: cashSourceSchema,
    /** The receiver's choice to route the trade through the authentication centre. */
    viaAuthentication: viaAuthenticationSchema,
  })
  .optional()
  .transform((body) => body ?? {});
export type AcceptTrade = z.output<typeof AcceptTradeSchema>;

/**
 * One acknowledgement kept on a trade: the member who proposed, countered or accepted it while
 * these pairs were flagged for review, and when.
 */
export interface FlaggedAcknowledgement {
  userId: string;
  action: 'propose' | 'counter' | 'accept';
  sneakerIds: number[];
  /** ISO time. */
  at: string;
}

/** What a ship request without a tracking number is told. */
export const TRACKING_NUMBER_REQUIRED_MESSAGE = "Enter the parcel's tracking number";

/**
 * The tracking number a ship request carries (trades and loops). Only its presence and length are
 * checked here; the server then needs a valid UPS, USPS or FedEx number (tracking-numbers.ts).
 */
export const trackingNumberSchema = z
  .string({ error: TRACKING_NUMBER_REQUIRED_MESSAGE })
  .trim()
  .min(1, TRACKING_NUMBER_REQUIRED_MESSAGE)
  .max(TRACKING_NUMBER_MAX, `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters`);

/** POST /api/trades/:id/ship: the caller marks their own side shipped, with the parcel's tracking number. */
export const ShipTradeSchema = z.object({ trackingNumber: trackingNumberSchema });
export type ShipTrade = z.infer<typeof ShipTradeSchema>;

/** POST /api/trades/:id/dispute */
export const DisputeTradeSchema = z.object({
  reason: z
    .string({ error: 'Please describe the problem' })
    .trim()
    .min(1, 'Please describe the problem')
    .max(DISPUTE_REASON_MAX, `Reason must be at most ${DISPUTE_REASON_MAX} characters`),
});
export type DisputeTrade = z.infer<typeof DisputeTradeSchema>;

/** POST /api/trades/:id/resolve (admin only) */
export const ResolveTradeSchema = z.object({
  outcome: z.enum(RESOLVE_OUTCOMES, { error: 'Choose completed or cancelled' }),
  /** Why the admin ruled so: kept in the admin audit log and shown to both members (docs/rules/trades.md#returns-after-a-refund). */
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type ResolveTrade = z.infer<typeof ResolveTradeSchema>;

/** POST /api/trades/:id/rate: each party rates the other once after completion. */
export const RateTradeSchema = z.object({
  score: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  comment: z.string().trim().max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX} characters`).optional(),
});
export type RateTrade = z.infer<typeof RateTradeSchema>;

/**
 * PUT /api/trades/:id, the older call (docs/rules/trades.md): accept (with escrowStatus 'locked') or
 * reject. `escrowStatus` is accepted for compatibility and ignored: the state
 * machine decides the escrow status.
 */
export const LegacyUpdateTradeSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
  escrowStatus: z.string().optional(),
});
export type LegacyUpdateTrade = z.infer<typeof LegacyUpdateTradeSchema>;

export const TRADES_PAGE_DEFAULT = 20;
export const TRADES_PAGE_MAX = 100;

/**
 * GET /api/trades?status=&limit=&cursor=: the caller's trades, newest first, a page at a time;
 * the next page's cursor comes in the `X-Next-Cursor` header. Without `status`, every status.
 */
export const TradeListQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(TRADE_STATUSES, { error: `Status must be one of ${TRADE_STATUSES.join(', ')}` }).optional()),
  limit: pageLimitSchema(TRADES_PAGE_MAX, TRADES_PAGE_DEFAULT),
  cursor: cursorSchema(256),
});
export type TradeListQuery = z.infer<typeof TradeListQuerySchema>;

/** GET /api/trades/counts: how many of the caller's trades each tab of the trades page lists. */
export interface TradeCounts {
  pending: number;
  accepted: number;
  completed: number;
  /** Every trade, whatever its status. */
  all: number;
}

/** The smallest view of a sneaker a trade card needs. */
export interface TradeSneaker {
  id: number;
  name: string;
  brand: string;
  size: string;
  /** Decimal string, "5.0" to "10.0". */
  condition: string;
  /** Decimal string, e.g. "250.00". */
  estimatedValue: string;
  /**
   * The market price of its release (a deadstock price, decimal string), or null when none is known:
   * with the condition and the estimate, what the fair-value meter reads (contracts/src/wallet-fair-value.ts).
   */
  marketPrice: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  /** Current owner. */
  userId: string;
  /** What verification says about the pair now (contracts/src/verification-values.ts verdictOf). */
  verdict: Verdict;
}

/** The other party of a trade, as seen by the caller. */
export type TradeCounterparty = Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageUrl' | 'reputation' | 'totalTrades'>;

/** A trade as the API returns it to one of its parties (timestamps are ISO strings). */
export interface Trade {
  id: number;
  proposerId: string;
  receiverId: string;
  status: TradeStatus;
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
  proposerMessage: string | null;
  receiverMessage: string | null;
  /** Hash of the ledger entry that locked this trade's escrow. */
  blockchainTxHash: string | null;
  escrowStatus: EscrowStatus;
  /** Set on a counter-offer: the trade it answers. */
  parentTradeId: number | null;
  acceptedAt: string | null;
  proposerShippedAt: string | null;
  receiverShippedAt: string | null;
  /** As typed for older shipments; normalised since tracking numbers are checked. */
  proposerTrackingNumber: string | null;
  receiverTrackingNumber: string | null;
  /** Carrier, number and tracking-page link of each side's parcel (null before it ships, or for an older unchecked number). */
  proposerTracking: Tracking | null;
  receiverTracking: Tracking | null;
  proposerReceivedAt: string | null;
  receiverReceivedAt: string | null;
  /**
   * Once the other side shipped: the party must confirm receipt (or open a dispute) by this time,
   * or it is confirmed automatically (docs/rules/trades.md#deadlines). Null before that side's parcel ships.
   */
  proposerReceiveBy: string | null;
  receiverReceiveBy: string | null;
  proposerCancelRequestedAt: string | null;
  receiverCancelRequestedAt: string | null;
  disputeReason: string | null;
  disputedById: string | null;
  disputedAt: string | null;
  completedAt: string | null;
  closedAt: string | null;
  /** A pending proposal expires at this time. */
  expiresAt: string | null;
  /** An accepted trade must be shipped by both sides before this time. */
  shipBy: string | null;
  createdAt: string;
  updatedAt: string;

  /** What the caller may do now, computed by the server's state machine. */
  allowedActions: TradeAction[];
  /** A pending trade holding a sneaker that is now locked in another trade: it cannot be accepted. */
  isUnavailable: boolean;
  myRole: 'proposer' | 'receiver';
  counterparty: TradeCounterparty;
  proposerSneakers: TradeSneaker[];
  receiverSneakers: TradeSneaker[];
  /** The caller's rating of the counterparty for this trade, once given. */
  myRating: { score: number; comment: string | null } | null;
  canRate: boolean;
  /** Who went ahead while a pair was flagged for review, which pairs, when. */
  flaggedAcknowledgements: FlaggedAcknowledgement[];
  /** Cash the proposer adds, in cents (0 for none). */
  proposerCashCents: number;
  /** Cash the receiver adds, in cents (0 for none); never both. */
  receiverCashCents: number;
  /** Who pays the cash to whom; null for a trade without cash. */
  cash: TradeCash | null;
  /** Both pairs travel through the authentication centre (docs/rules/inspection.md). */
  viaAuthentication: boolean;
  /**
   * The protection holds of members new to trading, shown to both sides before they commit: each
   * side's card holds the market value of the pairs it sends (docs/rules/money.md#protection-holds).
   */
  protectionHolds: ProtectionHold[];
}

/** Photos each side may attach to one dispute, across all their evidence (docs/rules/trades.md#dispute-evidence). */
export const DISPUTE_PHOTOS_PER_SIDE = 6;
/** Pieces of evidence (a note, photos, or both) each side may add to one dispute. */
export const DISPUTE_EVIDENCE_PER_SIDE = 10;
export const DISPUTE_NOTE_MAX = 1000;
export const DISPUTE_EVIDENCE_EMPTY = 'Add a note or at least one photo';
export const DISPUTE_PHOTO_NOT_UPLOADED = 'Attach photos you uploaded to this dispute';

/**
 * A dispute photo's file name: the content hash of the re-encoded picture, `.webp` (`-400.webp`
 * for its thumbnail). Dispute photos are private (docs/rules/uploads.md#dispute-evidence-photos):
 * they are served only by `GET /api/trades/:id/dispute-evidence/photos/:name`, to the trade's
 * parties and admins, never under the public `/uploads/`.
 */
export const DISPUTE_PHOTO_NAME = /^[0-9a-f]{32}(-400)?\.webp$/;
const DISPUTE_PHOTO_URL = /^\/api\/trades\/([1-9]\d{0,9})\/dispute-evidence\/photos\/([0-9a-f]{32}\.webp)$/;

/** Where a trade's dispute photo (or, with its `-400` name, its thumbnail) is served. */
export function disputePhotoUrl(tradeId: number, name: string): string {
  return `/api/trades/${tradeId}/dispute-evidence/photos/${name}`;
}

/** The thumbnail's name beside a dispute photo's: `<hash>.webp` → `<hash>-400.webp`. */
export function disputeThumbnailName(name: string): string {
  return name.replace(/\.webp$/, '-400.webp');
}

/** The trade and photo a dispute photo URL names (the full picture, not its thumbnail), or null. */
export function parseDisputePhotoUrl(url: string): { tradeId: number; name: string } | null {
  const match = DISPUTE_PHOTO_URL.exec(url);
  return match ? { tradeId: Number(match[1]), name: match[2]! } : null;
}

/** POST /api/trades/:id/dispute-evidence: a party adds a note and/or photos to the open dispute. */
export const AddDisputeEvidenceSchema = z
  .object({
    note: z
      .string()
      .transform((value) => value.trim())
      .pipe(z.string().max(DISPUTE_NOTE_MAX, `A note is at most ${DISPUTE_NOTE_MAX} characters`))
      .optional(),
    /** `imageUrl`s the caller got from POST /api/trades/:id/dispute-evidence/photos for this trade. */
    imageUrls: z
      .array(
        z
          .string()
          .max(200)
          .refine((value) => parseDisputePhotoUrl(value) !== null, DISPUTE_PHOTO_NOT_UPLOADED),
      )
      .max(DISPUTE_PHOTOS_PER_SIDE, `At most ${DISPUTE_PHOTOS_PER_SIDE} photos per side`)
      .default([]),
  })
  .refine((value) => Boolean(value.note) || value.imageUrls.length > 0, { message: DISPUTE_EVIDENCE_EMPTY, path: ['note'] });
export type AddDisputeEvidence = z.input<typeof AddDisputeEvidenceSchema>;

/** GET /api/trades/:id/dispute-evidence?cursor=&limit= (oldest first). */
export const DisputeEvidenceQuerySchema = queryObject({
  cursor: idCursorSchema('The cursor is not valid'),
  limit: pageLimitSchema(2 * DISPUTE_EVIDENCE_PER_SIDE, 2 * DISPUTE_EVIDENCE_PER_SIDE),
});

/** One piece of a dispute's evidence: a party's note and photos, seen by both parties and the admins. */
export interface DisputeEvidence {
  id: number;
  tradeId: number;
  userId: string;
  side: 'proposer' | 'receiver';
  note: string | null;
  /** Private URLs (`GET /api/trades/:id/dispute-evidence/photos/:name`), for the parties and admins only. */
  photos: Array<{ imageUrl: string; thumbnailUrl: string }>;
  createdAt: string;
}

export interface DisputeEvidencePage {
  items: DisputeEvidence[];
  nextCursor: string | null;
}

/**
 * A pair going back to its owner after a refund ruling (docs/rules/trades.md#returns-after-a-refund):
 * awaiting_return until the member holding it ships it with a tracking number (returned_shipped),
 * returned once its owner confirms it arrived.
 */
export const TRADE_RETURN_STATUSES = ['awaiting_return', 'returned_shipped', 'returned'] as const;
export type TradeReturnStatus = (typeof TRADE_RETURN_STATUSES)[number];

/** What a member may do to a return: its sender ships it, its owner confirms it arrived. */
export const TRADE_RETURN_ACTIONS = ['ship', 'receive'] as const;
export type TradeReturnAction = (typeof TRADE_RETURN_ACTIONS)[number];

/** Days after a refund ruling within which a pair that moved should be shipped back; later, it is overdue (shown to both members and the admins). */
export const RETURN_DEADLINE_DAYS = 7;

/** POST /api/trade-returns/:id/ship: a return ships with a tracking number (checked, and on no other open parcel). */
export const ShipReturnSchema = z.object({ trackingNumber: trackingNumberSchema });
export type ShipReturn = z.infer<typeof ShipReturnSchema>;

/** One pair going back to its owner, as a member of the trade (or an admin) sees it. */
export interface TradeReturn {
  id: number;
  tradeId: number;
  /** Whose pair it is (it goes back to them), and who sends it back. */
  ownerId: string;
  senderId: string;
  ownerSide: 'proposer' | 'receiver';
  sneakerIds: number[];
  status: TradeReturnStatus;
  /** ISO time by which it should ship; `isOverdue` once that passed and it has not shipped. */
  returnBy: string;
  isOverdue: boolean;
  tracking: Tracking | null;
  shippedAt: string | null;
  receivedAt: string | null;
  /** The caller's part: 'sender' ships it, 'owner' receives it; null for an admin. */
  myRole: 'sender' | 'owner' | null;
  /** The owner has chosen where it goes (their ship-to for the trade): without one it cannot ship. */
  hasShipTo: boolean;
  allowedActions: TradeReturnAction[];
}

/** GET /api/trades/:id/ruling: an admin's ruling on the trade's dispute, its note, and the returns it asked for. */
export interface TradeRuling {
  tradeId: number;
  /** Null while no admin has ruled on the trade. */
  outcome: ResolveOutcome | null;
  /** The admin's note, shown to both members (null: no note, or no ruling). */
  note: string | null;
  ruledAt: string | null;
  returns: TradeReturn[];
}

/**
 * GET /api/trade-returns/:id/ship-to: where a pair goes back, its owner's ship-to for the trade. The
 * member sending it back sees it from the ruling until SHIP_TO_VISIBLE_DAYS after its owner confirmed
 * it arrived (each read recorded); the owner sees their own choice; nobody else sees it.
 */
export interface ReturnShipTo {
  returnId: number;
  tradeId: number;
  yourRole: 'sender' | 'owner';
  shipTo: ShipToAddress | null;
  /** Why `shipTo` is null: the owner has not chosen one ('not_chosen'), or the window closed. */
  hiddenReason: ShipToHiddenReason | null;
  visibleUntil: string | null;
}

/**
 * `POST /api/trades/:id/card`: the proposer of a pending trade gives another card for what their
 * side holds at acceptance (their cash, their protection hold), after the one they gave was declined
 * (issue #42). Checked and kept as a payment method, as at the proposal; the number is never stored.
 */
export const GiveTradeCardSchema = z.object({ cashCard: CashCardSchema }).strict();
export type GiveTradeCard = z.infer<typeof GiveTradeCardSchema>;
