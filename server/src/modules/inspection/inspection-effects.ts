import { QUALITY_ISSUE_ANSWER_DAYS, type InspectionVerdict } from '@soleswap/contracts/inspection';
import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import { DAY_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { claimTrackingNumber } from '../parcels/claim-tracking-number';
import { closeCustodyTrade, type CustodyTradeFacts } from '../trades/custody';
import type { InspectionDecision, InspectionEffect, InspectionMachineAction } from './inspection.machine';
import type { InspectionChanges, InspectionRow } from './inspection.repository';
import { refuseForwardWithoutShipTo } from './pair-heading';

/** What the caller supplied for the action. */
export interface InspectionInput {
  /** pass, fail, quality-issue: what the inspector found. */
  verdict?: InspectionVerdict;
  /** forward: the checked tracking number of the parcel sent on. */
  forward?: Tracking;
}

/** The state one pair transition builds while its effects run, inside its transaction (`txCtx.db`). */
export interface InspectionWork {
  txCtx: AppContext;
  pair: InspectionRow;
  trade: CustodyTradeFacts;
  action: InspectionMachineAction;
  decision: InspectionDecision;
  /** The inspector acting; null for the member or the scheduler. */
  inspectorId: string | null;
  at: Date;
  input: InspectionInput;
  changes: InspectionChanges;
  /** Set by failTrade: the trade was open and this pair's failure cancelled it (the members are told why). */
  failedTrade?: boolean;
}

/** Side work of each effect the inspection machine names (inspection.machine.ts). */
export const INSPECTION_EFFECTS: Record<InspectionEffect, (w: InspectionWork) => Promise<void>> = {
  async recordArrival(w) {
    Object.assign(w.changes, { receivedAt: w.at, inspectorId: w.inspectorId, deadlineAt: null });
  },

  async recordVerdict(w) {
    const verdict = w.input.verdict;
    if (!verdict) throw new Error(`${w.action} needs notes`);
    const kind = w.decision.status === 'passed' || w.decision.status === 'failed' || w.decision.status === 'quality_issue' ? w.decision.status : null;
    Object.assign(w.changes, { verdict: kind, notes: verdict.notes, photoUrls: verdict.photoUrls, decidedAt: w.at, inspectorId: w.inspectorId });
    // A quality issue waits for the receiving member's answer, for QUALITY_ISSUE_ANSWER_DAYS.
    w.changes.deadlineAt = w.decision.status === 'quality_issue' ? new Date(w.at.getTime() + QUALITY_ISSUE_ANSWER_DAYS * DAY_MS) : null;
  },

  async recordMemberAnswer(w) {
    Object.assign(w.changes, { memberDecidedAt: w.at, deadlineAt: null });
  },

  async recordForward(w) {
    const forward = w.input.forward;
    if (!forward) throw new Error('forward needs a tracking number');
    const to = w.decision.forwardedTo;
    if (!to) throw new Error('a forward names where the pair goes');
    // A parcel needs somewhere to go: the member it goes to must have chosen a ship-to (409 SHIP_TO_MISSING).
    await refuseForwardWithoutShipTo(w.txCtx.db, { pair: w.pair, to });
    // No other parcel that has not arrived may hold the number, on any route (409 TRACKING_NUMBER_IN_USE).
    await claimTrackingNumber(w.txCtx.db, { route: 'centre', leg: String(w.pair.id), trackingNumber: forward.trackingNumber, at: w.at });
    Object.assign(w.changes, {
      forwardedAt: w.at,
      forwardedTo: to,
      forwardTrackingNumber: forward.trackingNumber,
      forwardCarrier: forward.carrier,
      inspectorId: w.inspectorId,
      deadlineAt: null,
    });
  },

  async failTrade(w) {
    w.changes.deadlineAt = null;
    // The owner of the pair that failed (or never arrived) failed the trade: their protection hold is
    // captured for the other side once the trade's money settles (docs/rules/inspection.md#a-failed-pair).
    w.failedTrade = await closeCustodyTrade(w.txCtx, { tradeId: w.pair.tradeId, action: 'custody-fail', failedInspectionMemberId: w.pair.ownerId });
  },

  async completeTrade(w) {
    await closeCustodyTrade(w.txCtx, { tradeId: w.pair.tradeId, action: 'custody-complete' });
  },
};
