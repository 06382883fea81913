import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import type { LedgerEvent } from '@soleswap/contracts/ledger';
import type { CounterTrade } from '@soleswap/contracts/trades';
import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/db-errors';
import { lockTradeSneakers, releaseTradeLocks, transferTradeSneakers, type SneakerTransfer } from './escrow';
import { checkFlaggedAcknowledged } from './flagged-acknowledgement';
import { insertProposal } from './insert-proposal';
import { tradeParcelLeg } from './open-trade-parcels';
import { claimTrackingNumber } from '../parcels/claim-tracking-number';
import { hasChosenShipTo } from '../addresses/ship-to-chosen';
import type { ProposalHolds } from './protection-hold-amounts';
import { lockMembers, setReputation } from '../users/member-records';
import { insertRating, meanRatingOf } from './trade-parties.repository';
import { overdueReceipts, type MachineAction, type TradeEffect } from './trade.machine';
import type { TradeChanges, TradeRow } from './trades.repository';

/** The lowest rating, given automatically to a side that missed the shipping deadline. */
export const LATE_SHIPMENT_SCORE = 1;
export const LATE_SHIPMENT_COMMENT = 'Automatic rating: did not ship before the deadline';

/** Said when a side ships before the other side chose where its parcel goes. */
export const SHIP_TO_MISSING_MESSAGE =
  'The other side has not chosen a ship-to address for this trade yet: you can ship once they have chosen where the parcel goes';

type Side = 'proposer' | 'receiver';

/** What the caller supplied for the action. */
export interface TransitionInput {
  /** The checked tracking number a 'ship' carries (parcels/checked-tracking.ts). */
  shipment?: Tracking;
  /** For a 'ship': when the other side must have confirmed receipt (receive-by.ts); none, no automatic receipt. */
  receiveBy?: Date;
  reason?: string;
  rating?: { score: number; comment?: string };
  counter?: CounterTrade;
  /** The receiver has seen that pairs of the trade are flagged for review (accept). */
  acknowledgeFlagged?: boolean;
  /** accept: route the trade through the authentication centre (authentication-route.ts decided). */
  viaAuthentication?: boolean;
  /** The counter-proposer's payment method, when they add cash to the counter or owe a protection hold. */
  cashPaymentMethod?: string | null;
  /** The counter's protection holds (protection-hold-amounts.ts). */
  holds?: ProposalHolds;
  /** custody-fail: the member whose pair failed inspection or never reached the centre. */
  failedInspectionMemberId?: string;
}

/** The state one transition builds up while its effects run, inside its transaction. */
export interface TransitionWork {
  tx: Db;
  trade: TradeRow;
  action: MachineAction;
  /** The acting party; null when an admin or the scheduler acts. */
  side: Side | null;
  actorId: string | null;
  at: Date;
  input: TransitionInput;
  /** Columns to save with the new status. */
  changes: TradeChanges;
  /** Ledger events, appended after every row lock is taken (payloads read at append time). */
  ledger: Array<{ event: LedgerEvent; payload: () => Record<string, unknown> }>;
  transfers: SneakerTransfer[];
  /** The counter-offer this transition created. */
  created: TradeRow | null;
}

const other = (side: Side): Side => (side === 'proposer' ? 'receiver' : 'proposer');
const partyId = (trade: TradeRow, side: Side) => (side === 'proposer' ? trade.proposerId : trade.receiverId);

function actingSide(w: TransitionWork): Side {
  if (!w.side) throw new Error(`${w.action} needs a party`);
  return w.side;
}

/** Why escrow went back to the owners, as the ledger records it. */
function refundReason(action: MachineAction): string {
  if (action === 'ship-deadline') return 'ship-deadline';
  if (action === 'resolve') return 'dispute-resolved';
  if (action === 'custody-fail') return 'authentication-failed';
  return 'mutual-cancel';
}

/** Records one rating; a second rating of the same trade by the same member is a conflict. */
async function insertTradeRating(w: TransitionWork, raterId: string, rateeId: string, score: number, comment: string | null) {
  try {
    await insertRating(w.tx, { tradeId: w.trade.id, raterId, rateeId, score, comment, createdAt: w.at });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You have already rated this trade', { cause: error });
    throw error;
  }
}

/**
 * Sets each member's reputation to the mean of every rating they received. They are locked
 * first (in id order), so a rating committed concurrently by another trade is counted too.
 */
async function refreshReputations(w: TransitionWork, userIds: string[]) {
  await lockMembers(w.tx, userIds);
  for (const userId of userIds) await setReputation(w.tx, userId, await meanRatingOf(w.tx, userId), w.at);
}

/** Side work of each effect the state machine names (trade.machine.ts). */
export const EFFECTS: Record<TradeEffect, (w: TransitionWork) => Promise<void>> = {
  async lockEscrow(w) {
    const facts = await lockTradeSneakers(w.tx, w.trade, w.at);
    // Read under the row locks, so a flag raised while the receiver decided is asked about too.
    const acknowledgement = checkFlaggedAcknowledged({
      sneakers: facts.sneakers,
      sneakerIds: [...w.trade.proposerSneakerIds, ...w.trade.receiverSneakerIds],
      acknowledgeFlagged: w.input.acknowledgeFlagged,
      userId: w.actorId ?? w.trade.receiverId,
      action: 'accept',
      at: w.at,
    });
    if (acknowledgement) w.changes.flaggedAcknowledgements = [...w.trade.flaggedAcknowledgements, acknowledgement];
    w.changes.acceptedAt = w.at;
    // The receiver's choice (or the operator's rule) sends both pairs through the centre; the proposer's already did.
    if (w.input.viaAuthentication) w.changes.viaAuthentication = true;
    w.changes.shipBy = new Date(w.at.getTime() + SHIP_DEADLINE_DAYS * DAY_MS);
    const { proposerId, receiverId, proposerSneakerIds, receiverSneakerIds } = w.trade;
    w.ledger.push({ event: 'lock', payload: () => ({ proposerId, receiverId, proposerSneakerIds, receiverSneakerIds }) });
  },

  async releaseEscrow(w) {
    await releaseTradeLocks(w.tx, w.trade.id);
    w.ledger.push({ event: 'release', payload: () => ({ transfers: w.transfers }) });
  },

  async refundEscrow(w) {
    await releaseTradeLocks(w.tx, w.trade.id);
    w.ledger.push({ event: 'refund', payload: () => ({ reason: refundReason(w.action) }) });
  },

  async recordFailedInspection(w) {
    const memberId = w.input.failedInspectionMemberId;
    if (memberId !== w.trade.proposerId && memberId !== w.trade.receiverId) throw new Error('custody-fail needs the party whose pair failed');
    w.changes.failedInspectionMemberId = memberId;
  },

  async transferOwnership(w) {
    w.transfers = await transferTradeSneakers(w.tx, w.trade, w.at);
    w.changes.completedAt = w.at;
  },

  async createCounter(w) {
    const counter = w.input.counter;
    if (!counter) throw new Error('counter needs the counter-offer');
    // Sides seen from the counter-proposer, who is this trade's receiver.
    w.created = await insertProposal(w.tx, {
      proposerId: w.trade.receiverId,
      receiverId: w.trade.proposerId,
      proposerSneakerIds: counter.proposerSneakerIds,
      receiverSneakerIds: counter.receiverSneakerIds,
      proposerMessage: counter.proposerMessage,
      acknowledgeFlagged: counter.acknowledgeFlagged,
      proposerCashCents: counter.proposerCashCents,
      receiverCashCents: counter.receiverCashCents,
      cashPaymentMethod: w.input.cashPaymentMethod,
      viaAuthentication: counter.viaAuthentication,
      ...w.input.holds,
      parentTradeId: w.trade.id,
      at: w.at,
    });
  },

  async recordShipment(w) {
    const side = actingSide(w);
    // A parcel needs somewhere to go: the receiving side must have chosen its ship-to first. Read
    // under the trade's row lock, which a change of ship-to also takes. A via-authentication
    // parcel goes to the centre, which confirms its arrival: no ship-to and no receive-by.
    const viaCentre = w.trade.viaAuthentication === true;
    if (!viaCentre && !(await hasChosenShipTo(w.tx, { tradeId: w.trade.id, userId: partyId(w.trade, other(side)) }))) {
      throw new AppError('TRADE_INVALID_TRANSITION', SHIP_TO_MISSING_MESSAGE, { fields: { shipTo: SHIP_TO_MISSING_MESSAGE } });
    }
    const trackingNumber = w.input.shipment?.trackingNumber ?? null;
    const carrier = w.input.shipment?.carrier ?? null;
    // No other parcel that has not arrived may hold the number, on any route (409 TRACKING_NUMBER_IN_USE).
    if (trackingNumber) await claimTrackingNumber(w.tx, { route: 'trade', leg: tradeParcelLeg(w.trade.id, side), trackingNumber, at: w.at });
    const receiveBy = viaCentre ? null : (w.input.receiveBy ?? null);
    if (side === 'proposer') {
      Object.assign(w.changes, {
        proposerShippedAt: w.at,
        proposerTrackingNumber: trackingNumber,
        proposerCarrier: carrier,
        receiverReceiveBy: receiveBy,
      });
    } else {
      Object.assign(w.changes, {
        receiverShippedAt: w.at,
        receiverTrackingNumber: trackingNumber,
        receiverCarrier: carrier,
        proposerReceiveBy: receiveBy,
      });
    }
    // The tracking number stays off the public ledger: it can lead to an address.
    w.ledger.push({ event: 'ship', payload: () => ({ side, withTracking: trackingNumber !== null }) });
  },

  async recordReceipt(w) {
    const side = actingSide(w);
    if (side === 'proposer') w.changes.proposerReceivedAt = w.at;
    else w.changes.receiverReceivedAt = w.at;
    w.ledger.push({ event: 'receive', payload: () => ({ side }) });
  },

  async recordOverdueReceipts(w) {
    // The same sides the machine decided on: read from the locked row with the same clock.
    for (const side of overdueReceipts(w.trade, w.at)) {
      if (side === 'proposer') w.changes.proposerReceivedAt = w.at;
      else w.changes.receiverReceivedAt = w.at;
      w.ledger.push({ event: 'receive', payload: () => ({ side, automatic: true }) });
    }
  },

  async recordCancelRequest(w) {
    if (actingSide(w) === 'proposer') w.changes.proposerCancelRequestedAt = w.at;
    else w.changes.receiverCancelRequestedAt = w.at;
  },

  async recordDispute(w) {
    // The system opens one for a suspended member's trade: no side asked.
    const side = w.side ?? 'system';
    Object.assign(w.changes, { disputeReason: w.input.reason ?? null, disputedById: w.actorId, disputedAt: w.at });
    // The reason is free text and stays off the public ledger.
    w.ledger.push({ event: 'dispute', payload: () => ({ side }) });
  },

  async recordRating(w) {
    const side = actingSide(w);
    const rating = w.input.rating;
    if (!rating) throw new Error('rate needs a score');
    const rateeId = partyId(w.trade, other(side));
    await insertTradeRating(w, partyId(w.trade, side), rateeId, rating.score, rating.comment || null);
    await refreshReputations(w, [rateeId]);
  },

  /**
   * docs/rules/trades.md#deadlines: "the late side's reputation takes the lowest rating". We store it as a real
   * rating row of score 1, given on the late side's behalf by the side that was kept waiting,
   * so it counts in the mean exactly like any other rating and stays auditable (it carries
   * LATE_SHIPMENT_COMMENT). If both sides were late, both get one.
   */
  async penalizeLateShipper(w) {
    const late = (['proposer', 'receiver'] as const).filter((side) =>
      side === 'proposer' ? !w.trade.proposerShippedAt : !w.trade.receiverShippedAt,
    );
    for (const side of late) {
      await insertTradeRating(w, partyId(w.trade, other(side)), partyId(w.trade, side), LATE_SHIPMENT_SCORE, LATE_SHIPMENT_COMMENT);
    }
    await refreshReputations(
      w,
      late.map((side) => partyId(w.trade, side)),
    );
  },
};
