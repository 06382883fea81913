import { idCursorSchema, pageLimitSchema, queryObject } from './list-query';
import type { AuthorizationPurpose, AuthorizationStatus } from './wallet';

/**
 * What the payer's own card went through (issue #42, "money a member can follow"): every hold put
 * on it for a trade's cash or a protection hold (trades and loops), and what became of it. Money
 * held on a card never enters the wallet balance, so the wallet's entries alone said "No money has
 * moved yet" to a member whose card had just been charged.
 */

/** One step of a card hold, in the order it happened. */
export const CARD_HOLD_STEPS = ['requested', 'authorized', 'declined', 'captured', 'released', 'expired'] as const;
export type CardHoldStep = (typeof CARD_HOLD_STEPS)[number];

/** One hold on the member's card. */
export interface CardHold {
  id: number;
  purpose: AuthorizationPurpose;
  amountCents: number;
  /** Where it stands now: `authorized` is held, `captured` was charged, `released` was given back untouched. */
  status: AuthorizationStatus;
  tradeId: number | null;
  loopId: number | null;
  /** The member the money goes to if it is captured, by their name now. */
  payeeName: string | null;
  /** The same hold put on the card again before the first one lapsed (docs/decisions/010). */
  isReauthorization: boolean;
  /** The provider's words when the card was declined. */
  failureMessage: string | null;
  /** What happened to it, oldest first: held (or declined), then captured, released or expired. */
  steps: Array<{ step: CardHoldStep; at: string }>;
}

/** `GET /api/wallet/card-holds`: the member's card holds, newest first. */
export interface CardHoldsPage {
  items: CardHold[];
  nextCursor: string | null;
}

export const CARD_HOLDS_PAGE_SIZE = 20;
export const CARD_HOLDS_PAGE_MAX = 50;

export const CardHoldsQuerySchema = queryObject({
  cursor: idCursorSchema('The cursor is not valid'),
  limit: pageLimitSchema(CARD_HOLDS_PAGE_MAX, CARD_HOLDS_PAGE_SIZE),
});
