import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import type { LedgerEvent } from '@soleswap/contracts/ledger';
import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import type { RefusalAnswers } from '../../machines/machine';
import { runTransition, type TransitionMachine } from '../../machines/run-transition';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { claimTrackingNumber } from '../parcels/claim-tracking-number';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { findLoopMembersWithShipTo } from '../addresses/ship-to-chosen';
import { findUsernameRows } from '../users/member-records';
import { lockLoopPairs, releaseLoopPairs, transferLoopPairs, type LoopTransfer } from './loop-escrow';
import { CLOSED_LOOP_STATUSES, decideLoop } from './loop.machine';
import type { LoopDecision, LoopEffect, LoopMachineAction, LoopRefusal, LoopSnapshot } from './loop.machine';
import { findLegs, insertLoopEvent, lockLoop, updateLeg, updateLoopFrom, type LoopChanges, type LoopLegRow, type LoopRow } from './loops.repository';
import type { LoopStatus } from '@soleswap/contracts/loops';
import type { Db } from '../../db/client';

export interface LoopTransitionRequest {
  loopId: number;
  /** A signed-in member, or the scheduler applying a deadline. */
  actor: { id: string } | 'system';
  action: LoopMachineAction;
  /** The checked tracking number a 'ship' carries (parcels/checked-tracking.ts). */
  shipment?: Tracking;
  reason?: string;
  /** For a 'ship': when the next member must have confirmed receipt (machines/receive-by.ts). */
  receiveBy?: Date;
  /** For an 'accept': the caller's address (their own book) their incoming leg goes to, chosen in the same transaction. */
  shipToAddressId?: number;
}

/**
 * The member snapshot the machine reads: member i gives leg i and receives leg i - 1.
 * `withShipTo`: the members who chose where their incoming leg goes.
 */
export function loopSnapshot(loop: LoopRow, legs: readonly LoopLegRow[], withShipTo: ReadonlySet<string>, now?: Date): LoopSnapshot {
  return {
    status: loop.status as LoopStatus,
    members: legs.map((leg, i) => {
      const incoming = legs[(i - 1 + legs.length) % legs.length]!;
      return {
        accepted: leg.acceptedAt !== null,
        shipToChosen: withShipTo.has(leg.fromUserId),
        shipped: leg.shippedAt !== null,
        received: incoming.receivedAt !== null,
        ...(now ? { receiptOverdue: isReceiptOverdue(incoming, now) } : {}),
      };
    }),
  };
}

/** The leg's receive-by has passed at `now` and nobody confirmed it arrived. */
const isReceiptOverdue = (leg: LoopLegRow, now: Date) =>
  leg.receivedAt === null && leg.receiveBy !== null && leg.receiveBy.getTime() <= now.getTime();

interface Work {
  tx: Db;
  loop: LoopRow;
  legs: LoopLegRow[];
  position: number;
  at: Date;
  request: LoopTransitionRequest;
  changes: LoopChanges;
  ledger: Array<{ event: LedgerEvent; payload: () => Record<string, unknown> }>;
  transfers: LoopTransfer[];
}

const myLeg = (w: Work) => w.legs[w.position]!;
const incomingLeg = (w: Work) => w.legs[(w.position - 1 + w.legs.length) % w.legs.length]!;

const EFFECTS: Record<LoopEffect, (w: Work) => Promise<void>> = {
  async recordAcceptance(w) {
    // Where the member's incoming leg goes, a copy of their own book entry (400 if it is not theirs).
    const addressId = w.request.shipToAddressId;
    if (addressId !== undefined) {
      await chooseShipTo(w.tx, { loopId: w.loop.id, userId: myLeg(w).fromUserId, addressId, at: w.at, field: 'shipToAddressId' });
    }
    // An acceptance completed with a ship-to keeps the time of the first.
    await updateLeg(w.tx, myLeg(w).id, { acceptedAt: myLeg(w).acceptedAt ?? w.at });
  },
  async lockEscrow(w) {
    await lockLoopPairs(w.tx, w.loop, w.legs, w.at);
    w.changes.acceptedAt = w.at;
    w.changes.shipBy = new Date(w.at.getTime() + SHIP_DEADLINE_DAYS * DAY_MS);
    const legs = w.legs.map((l) => ({ fromUserId: l.fromUserId, toUserId: l.toUserId, sneakerIds: l.sneakerIds }));
    w.ledger.push({ event: 'lock', payload: () => ({ legs }) });
  },
  async recordShipment(w) {
    await refuseShippingWithoutShipTo(w);
    const trackingNumber = w.request.shipment?.trackingNumber ?? null;
    // No other parcel that has not arrived may hold the number, on any route (409 TRACKING_NUMBER_IN_USE).
    if (trackingNumber) await claimTrackingNumber(w.tx, { route: 'loop', leg: String(myLeg(w).id), trackingNumber, at: w.at });
    await updateLeg(w.tx, myLeg(w).id, {
      shippedAt: w.at,
      trackingNumber,
      carrier: w.request.shipment?.carrier ?? null,
      receiveBy: w.request.receiveBy ?? null,
    });
    // The tracking number stays off the ledger: it can lead to an address.
    w.ledger.push({ event: 'ship', payload: () => ({ position: w.position, withTracking: trackingNumber !== null }) });
  },
  async recordReceipt(w) {
    await updateLeg(w.tx, incomingLeg(w).id, { receivedAt: w.at });
    w.ledger.push({ event: 'receive', payload: () => ({ position: w.position }) });
  },
  async recordOverdueReceipts(w) {
    // The same legs the machine decided on: read from the locked rows with the same clock.
    for (const [i, leg] of w.legs.entries()) {
      if (!isReceiptOverdue(leg, w.at)) continue;
      await updateLeg(w.tx, leg.id, { receivedAt: w.at });
      const position = (i + 1) % w.legs.length;
      w.ledger.push({ event: 'receive', payload: () => ({ position, automatic: true }) });
    }
  },
  async releaseEscrow(w) {
    await releaseLoopPairs(w.tx, w.loop.id);
    w.ledger.push({ event: 'release', payload: () => ({ transfers: w.transfers }) });
  },
  async transferOwnership(w) {
    w.transfers = await transferLoopPairs(w.tx, w.legs, w.at);
    w.changes.completedAt = w.at;
  },
  async refundEscrow(w) {
    await releaseLoopPairs(w.tx, w.loop.id);
    const reason = w.request.action === 'dispute' ? 'dispute' : w.request.action;
    w.ledger.push({ event: 'refund', payload: () => ({ reason }) });
  },
  async recordDispute(w) {
    Object.assign(w.changes, { disputedById: myLeg(w).fromUserId, disputeReason: w.request.reason ?? null });
    // The reason is free text and stays off the ledger.
    w.ledger.push({ event: 'dispute', payload: () => ({ position: w.position }) });
  },
};

/**
 * A parcel needs somewhere to go (as for trades): a leg ships only once its receiver chose a
 * ship-to, checked under the loop's row lock, which a change of ship-to also takes. A loop binds
 * only once every member has one, so this guards loops made binding before that rule.
 */
async function refuseShippingWithoutShipTo(w: Work): Promise<void> {
  const receiverId = myLeg(w).toUserId;
  if ((await findLoopMembersWithShipTo(w.tx, [w.loop.id])).get(w.loop.id)?.has(receiverId)) return;
  const name = (await findUsernameRows(w.tx, [receiverId]))[0]?.username ?? 'The next member';
  const message = `${name} has not chosen a ship-to address for this loop yet: you can ship once they have`;
  throw new AppError('LOOP_INVALID_TRANSITION', message, { fields: { shipTo: message } });
}

/** How each refusal reaches the member: LOOP_INVALID_TRANSITION with a message saying why. */
const REFUSALS: RefusalAnswers<LoopRefusal> = {
  NOT_YOUR_ROLE: { code: 'LOOP_INVALID_TRANSITION', message: notNow },
  CLOSED: { code: 'LOOP_INVALID_TRANSITION', message: notNow },
  WRONG_STATUS: { code: 'LOOP_INVALID_TRANSITION', message: notNow },
  ALL_SHIPPED: { code: 'LOOP_INVALID_TRANSITION', message: notNow },
  NOTHING_OVERDUE: { code: 'LOOP_INVALID_TRANSITION', message: notNow },
  ALREADY_ACCEPTED: { code: 'LOOP_INVALID_TRANSITION', message: () => 'You have already accepted this loop' },
  ALREADY_SHIPPED: { code: 'LOOP_INVALID_TRANSITION', message: () => 'You have already shipped your pair' },
  ALREADY_RECEIVED: { code: 'LOOP_INVALID_TRANSITION', message: () => 'You have already confirmed receipt' },
  PREVIOUS_NOT_SHIPPED: {
    code: 'LOOP_INVALID_TRANSITION',
    message: () => 'You can confirm receipt once the member before you has shipped',
  },
};

function notNow(r: LoopRefusal): string {
  return `This loop is ${r.status}: you cannot ${r.action} it now`;
}

interface Loaded {
  loop: LoopRow;
  legs: LoopLegRow[];
  position: number;
  withShipTo: ReadonlySet<string>;
}

/** The loop lifecycle as the transition runner drives it, inside the transaction `tx`. */
function loopMachine(tx: Db, request: LoopTransitionRequest, at: Date): TransitionMachine<Loaded, LoopDecision, LoopRefusal, Work, LoopRow> {
  const actorId = request.actor === 'system' ? null : request.actor.id;
  return {
    async load() {
      const loop = await lockLoop(tx, request.loopId);
      if (!loop) throw notFound('Loop');
      const legs = await findLegs(tx, [loop.id]);
      const position = actorId === null ? -1 : legs.findIndex((l) => l.fromUserId === actorId);
      if (actorId !== null && position === -1) throw notFound('Loop');
      const withShipTo = (await findLoopMembersWithShipTo(tx, [loop.id])).get(loop.id) ?? new Set<string>();
      return { loop, legs, position, withShipTo };
    },
    statusOf: ({ loop }) => loop.status,
    // Only the scheduler reads the clock into the snapshot: which receipts are past their receive-by.
    decide: ({ loop, legs, position, withShipTo }) =>
      decideLoop(
        loopSnapshot(loop, legs, withShipTo, actorId === null ? at : undefined),
        actorId === null ? 'system' : { position, bringsShipTo: request.shipToAddressId !== undefined },
        request.action,
      ),
    refusals: REFUSALS,
    begin: ({ loop, legs, position }) => ({ tx, loop, legs, position, at, request, changes: {}, ledger: [], transfers: [] }),
    effects: EFFECTS,
    // Last, once every row lock is held: the ledger head is held from here to commit.
    async afterEffects(work) {
      for (const { event, payload } of work.ledger) {
        const entry = await appendLedgerEntry(tx, { loopId: work.loop.id, event, payload: payload(), at });
        if (event === 'lock') work.changes.lockHash = entry.hash;
      }
    },
    save: (work, decision, from) => {
      const closing = decision.status !== from && CLOSED_LOOP_STATUSES.includes(decision.status);
      return updateLoopFrom(tx, work.loop.id, from as LoopStatus, {
        ...work.changes,
        status: decision.status,
        ...(decision.escrowStatus ? { escrowStatus: decision.escrowStatus } : {}),
        ...(closing ? { closedAt: at } : {}),
        updatedAt: at,
      });
    },
    conflictMessage: 'This loop changed while you were acting on it. Please reload it.',
    async record(work, decision, saved, from) {
      await insertLoopEvent(tx, {
        loopId: saved.id,
        actorId,
        action: request.action,
        fromStatus: from as LoopStatus,
        toStatus: decision.status,
        data: eventData(request),
        createdAt: at,
      });
    },
  };
}

/** What the audit trail keeps about the request: the dispute's reason, or else the tracking number and its carrier. */
function eventData({ reason, shipment }: LoopTransitionRequest): Record<string, unknown> | null {
  if (reason) return { reason };
  if (shipment) return { trackingNumber: shipment.trackingNumber, carrier: shipment.carrier };
  return null;
}

/**
 * Applies one action to a loop in one transaction, through the one transition runner: the loop
 * row is locked, a caller who is not a member is told it does not exist (404), the state machine
 * decides (a refusal answers LOOP_INVALID_TRANSITION with its reason's message), the effects run
 * (escrow for every pair, ownership for every pair), the ledger entries are appended under the
 * loop's reference, the state is saved with `WHERE status = <the status it was read in>` and an
 * audit event is written. 'loop.changed' is emitted after commit.
 */
export async function runLoopTransition(ctx: AppContext, request: LoopTransitionRequest): Promise<LoopRow> {
  const at = ctx.now();
  const actorId = request.actor === 'system' ? null : request.actor.id;
  const { loop, userIds } = await ctx.db.transaction(async (tx) => {
    const outcome = await runTransition(loopMachine(tx, request, at));
    if (!outcome.changed) throw new Error('a loop transition is never a replay');
    return { loop: outcome.saved, userIds: outcome.loaded.legs.map((l) => l.fromUserId) };
  });
  ctx.events.emit('loop.changed', { loopId: loop.id, action: request.action, actorId, status: loop.status, userIds });
  return loop;
}
