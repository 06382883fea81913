import { z } from 'zod';
import type { Verdict } from './verification';
import { cursorSchema, pageLimitSchema } from './list-query';
import type { Tracking } from './tracking-numbers';
import { DISPUTE_REASON_MAX, trackingNumberSchema } from './trades';
import { ChooseShipToSchema, shipToAddressIdSchema, type ShipToAddress, type ShipToHiddenReason } from './addresses';
import { CashCardSchema, cashSourceSchema } from './wallet';
import type { ProtectionHoldStatus } from './wallet-protection';

/**
 * Loop trades: a clearing run finds members A → B → C → A where each gives one pair to the
 * next and gets one from the previous. The transitions live in
 * server/src/modules/loops/loop.machine.ts; this is the vocabulary.
 */
export const LOOP_STATUSES = ['proposed', 'active', 'completed', 'declined', 'expired', 'cancelled', 'disputed'] as const;
export type LoopStatus = (typeof LOOP_STATUSES)[number];

/** What a member can do; the exact names of `allowedActions` and `POST /api/loops/:id/<action>`. */
export const LOOP_ACTIONS = ['accept', 'decline', 'ship', 'receive', 'dispute'] as const;
export type LoopAction = (typeof LOOP_ACTIONS)[number];

/** Every member must accept within this many hours of the proposal. */
export const LOOP_ACCEPT_HOURS = 72;

export const LOOPS_PAGE_DEFAULT = 20;
export const LOOPS_PAGE_MAX = 50;

/** GET /api/loops?limit=&cursor=: the caller's loops, newest first; the next cursor comes in `X-Next-Cursor`. */
export const LoopListQuerySchema = z.object({
  limit: pageLimitSchema(LOOPS_PAGE_MAX, LOOPS_PAGE_DEFAULT),
  cursor: cursorSchema(64),
});
export type LoopListQuery = z.infer<typeof LoopListQuerySchema>;

/**
 * POST /api/loops/:id/accept: `shipToAddressId`, an id from the caller's own address book, is where
 * their incoming leg goes. A loop binds (locks escrow, becomes active) only once every member has
 * accepted with a ship-to; accepting without one is recorded, and the member accepts again with one.
 */
export const AcceptLoopSchema = z
  .object({
    shipToAddressId: shipToAddressIdSchema,
    /**
     * The member's card, needed when they owe a protection hold for the pair they send
     * (docs/rules/money.md#protection-holds), as a trade's receiver gives theirs at acceptance.
     */
    cashCard: CashCardSchema.optional(),
    /** `wallet`: the hold is taken from the member's wallet balance instead of a card. */
    cashSource: cashSourceSchema,
  })
  .strict();
export type AcceptLoop = z.infer<typeof AcceptLoopSchema>;

/** PUT /api/loops/:id/ship-to: a member changes where their incoming leg goes (before it ships). */
export const ChooseLoopShipToSchema = ChooseShipToSchema;

/**
 * GET /api/loops/:id/legs/:position/ship-to: where one leg goes (its receiver's ship-to). Its sender
 * sees it from when the loop binds until 30 days after it ends; its receiver sees their own choice;
 * no other member ever does (403). Every answer holding another member's address is recorded.
 */
export interface LoopLegShipTo {
  loopId: number;
  position: number;
  fromUserId: string;
  toUserId: string;
  /** The caller's part in this leg, or null for an admin reading a disputed loop. */
  yourRole: 'sender' | 'receiver' | null;
  /** The receiver's ship-to, when the caller may see it. */
  shipTo: ShipToAddress | null;
  /** Why `shipTo` is null, or null when it is shown. */
  hiddenReason: ShipToHiddenReason | null;
  /** ISO time after which the sender no longer sees it; null while the loop is open. */
  visibleUntil: string | null;
}

/** POST /api/loops/:id/ship: the member's pair is on its way, with the parcel's tracking number (as for trades). */
export const ShipLoopSchema = z.object({ trackingNumber: trackingNumberSchema });
export type ShipLoop = z.infer<typeof ShipLoopSchema>;

export const DisputeLoopSchema = z.object({
  reason: z
    .string({ error: 'Please describe the problem' })
    .trim()
    .min(1, 'Please describe the problem')
    .max(DISPUTE_REASON_MAX, `Reason must be at most ${DISPUTE_REASON_MAX} characters`),
});
export type DisputeLoop = z.infer<typeof DisputeLoopSchema>;

export interface LoopMember {
  id: string;
  username: string | null;
}

export interface LoopSneaker {
  id: number;
  name: string;
  size: string;
  condition: string;
  thumbnailUrl: string | null;
  /** What verification says about the pair now (verification-values.ts verdictOf). */
  verdict: Verdict;
}

/** One leg: `from` ships `sneakers` to `to`. */
export interface LoopLeg {
  position: number;
  fromUserId: string;
  toUserId: string;
  sneakerIds: number[];
  sneakers: LoopSneaker[];
  /** Value of the leg when the loop was proposed: its pairs' market value, as a trade's holds value them. */
  value: string;
  /**
   * The protection hold the leg's sender owes for it (docs/rules/money.md#protection-holds), fixed
   * when the loop was proposed: `due` until they accept (their card is authorized then), `held` while
   * the loop runs, then `captured` (paid to the leg's receiver: the sender missed the ship deadline)
   * or `released`. Null when they owe none.
   */
  protectionHold: { amountCents: number; status: ProtectionHoldStatus } | null;
  fromAccepted: boolean;
  /** The leg's receiver has chosen where it goes (no address here: see LoopLegShipTo). */
  toShipToChosen: boolean;
  shippedAt: string | null;
  /**
   * Carrier, number and tracking-page link of the leg's parcel: shown to its sender and its
   * receiver only (a tracking number can lead to an address), null for the other members.
   */
  tracking: Tracking | null;
  receivedAt: string | null;
  /** Once shipped: its receiver must confirm receipt (or dispute) by this time, or it is confirmed automatically. */
  receiveBy: string | null;
}

export interface Loop {
  id: number;
  status: LoopStatus;
  escrowStatus: 'pending' | 'locked' | 'released' | 'refunded';
  members: LoopMember[];
  legs: LoopLeg[];
  /** The caller's outgoing leg (what they give, to whom) and incoming leg (what they get, from whom). */
  myGive: LoopLeg;
  myReceive: LoopLeg;
  acceptBy: string;
  shipBy: string | null;
  lockHash: string | null;
  completedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  allowedActions: LoopAction[];
}

/**
 * A member prints the packing slip of the leg they send (GET /api/loops/:id/packing-slip.pdf) once
 * the loop is binding: while the pairs travel, and afterwards for their records. A disputed loop
 * is refunded and nothing more travels.
 */
export const LOOP_PACKING_SLIP_STATUSES: readonly LoopStatus[] = ['active', 'completed'];

/** Where the caller's packing slip of a loop (the leg they send) is served. */
export const loopPackingSlipPath = (loopId: number) => `/api/loops/${loopId}/packing-slip.pdf`;

/** POST /api/admin/loops/run */
export interface ClearingRunResult {
  loopIds: number[];
  members: number;
  pairs: number;
  wants: number;
  method: string;
}
