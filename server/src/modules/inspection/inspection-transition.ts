import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { DomainEventMap } from '../../events';
import { EventsAfterCommit, inTransaction } from '../../http/events-after-commit';
import type { RefusalAnswers } from '../../machines/machine';
import { runTransition, type TransitionMachine } from '../../machines/run-transition';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { readCustodyTrades, type CustodyTradeFacts } from '../trades/custody';
import { INSPECTION_EFFECTS, type InspectionInput, type InspectionWork } from './inspection-effects';
import {
  decideInspection,
  inspectionRolesOf,
  tradeStandingOf,
  type InspectionActor,
  type InspectionDecision,
  type InspectionMachineAction,
  type InspectionRefusal,
  type InspectionSnapshot,
} from './inspection.machine';
import { findInspectionById, lockInspectionsOfTrade, updateInspectionFrom, type InspectionRow } from './inspection.repository';
import { stepText } from './inspection-steps';

/** Someone signed in, with their role (an inspector, an admin, or a member of the trade). */
export interface InspectionViewer {
  id: string;
  role: string;
}

export interface InspectionRequest extends InspectionInput {
  pairId: number;
  actor: InspectionViewer | 'system';
  action: InspectionMachineAction;
}

const REFUSALS: RefusalAnswers<InspectionRefusal> = {
  NOT_YOUR_ROLE: {
    code: 'FORBIDDEN',
    message: (r) =>
      r.action === 'accept-issue' || r.action === 'decline-issue' ? 'Only the member this pair goes to answers its quality issue' : 'Inspectors only',
  },
  CLOSED: { code: 'INSPECTION_INVALID_TRANSITION', message: (r) => `This pair is ${r.status}: nothing more happens to it` },
  WRONG_STATUS: {
    code: 'INSPECTION_INVALID_TRANSITION',
    message: (r) => `This pair is ${r.status.replace('_', ' ')}: you cannot ${r.action} it now`,
  },
  TRADE_NOT_OPEN: {
    code: 'INSPECTION_INVALID_TRANSITION',
    message: () => 'The trade is not open (disputed or closed): the pair stays at the centre for now',
  },
  OTHER_PAIR_NOT_PASSED: {
    code: 'INSPECTION_INVALID_TRANSITION',
    message: () => 'The other pair of this trade has not passed yet: forward both once both have passed',
  },
  TRADE_ENDED: { code: 'INSPECTION_INVALID_TRANSITION', message: () => 'The trade has ended: the pair can only go back to its owner' },
};

interface Loaded {
  pair: InspectionRow;
  trade: CustodyTradeFacts;
  roles: InspectionActor[];
  snapshot: InspectionSnapshot;
}

type InspectionFailedNotice = DomainEventMap['inspection.failed'];

const FAILURE_OF: Partial<Record<InspectionMachineAction, InspectionFailedNotice['failure']>> = {
  fail: 'failed',
  'decline-issue': 'declined',
  'answer-deadline': 'lapsed',
  expire: 'never-arrived',
};

/** What the members are told of a pair whose failure cancelled the trade: the verdict's notes and photos, or the quality issue's. */
function failureNotice(work: InspectionWork): InspectionFailedNotice {
  const { pair, trade, changes, at } = work;
  const failure = FAILURE_OF[work.action] ?? 'failed';
  const judged = failure !== 'never-arrived';
  return {
    tradeId: pair.tradeId,
    ownerId: pair.ownerId,
    recipientId: pair.recipientId,
    sneakerIds: pair.sneakerIds,
    failure,
    notes: judged ? (changes.notes ?? pair.notes) : null,
    photoUrls: judged ? (changes.photoUrls ?? pair.photoUrls) : [],
    ownerHoldCents: pair.side === 'proposer' ? trade.proposerHoldCents : trade.receiverHoldCents,
    at,
  };
}

/**
 * `txCtx`: the transaction, whose events the effects (the trade's own transition) emit into;
 * `told`: where the pair's notice is emitted, ahead of the trade's events (see runInspectionTransition).
 */
function inspectionMachine(
  txCtx: AppContext,
  told: AppContext['events'],
  request: InspectionRequest,
  at: Date,
): TransitionMachine<Loaded, InspectionDecision, InspectionRefusal, InspectionWork, InspectionRow> {
  const { actor, action } = request;
  const tx = txCtx.db;
  return {
    async load() {
      const found = await findInspectionById(tx, request.pairId);
      if (!found) throw notFound('Pair');
      // Both pairs of the trade, locked in id order: the second forward must see the first.
      const both = await lockInspectionsOfTrade(tx, found.tradeId);
      const pair = both.find((p) => p.id === found.id);
      const other = both.find((p) => p.id !== found.id);
      const trade = (await readCustodyTrades(tx, [found.tradeId])).get(found.tradeId);
      if (!pair || !other || !trade) throw notFound('Pair');
      const roles: InspectionActor[] = actor === 'system' ? ['system'] : inspectionRolesOf(pair, actor);
      // A member who is not the pair's recipient learns nothing about it.
      if (roles.length === 0) throw notFound('Pair');
      return { pair, trade, roles, snapshot: { status: pair.status, trade: tradeStandingOf(trade.status), otherStatus: other.status } };
    },
    statusOf: ({ pair }) => pair.status,
    decide: ({ snapshot, roles }) => decideInspection(snapshot, roles, action),
    refusals: REFUSALS,
    begin: ({ pair, trade, roles }, decision) => ({
      txCtx,
      pair,
      trade,
      action,
      decision,
      inspectorId: roles.includes('inspector') && actor !== 'system' ? actor.id : null,
      at,
      input: request,
      changes: {},
    }),
    effects: INSPECTION_EFFECTS,
    // Last, once every row lock is held (the trade's own entry, if it closed, is already appended).
    async afterEffects(work, decision) {
      const { side } = work.pair;
      const payload = { side, step: decision.status, ...(decision.forwardedTo ? { forwardedTo: decision.forwardedTo } : {}) };
      await appendLedgerEntry(tx, { tradeId: work.pair.tradeId, event: 'inspect', payload, at });
    },
    save: (work, decision, from) =>
      updateInspectionFrom(tx, work.pair.id, from as InspectionRow['status'], { ...work.changes, status: decision.status, updatedAt: at }),
    conflictMessage: 'This pair changed while you were acting on it. Please reload it.',
    // Heard after commit: the notifications module tells both members (register-notifications.ts).
    async record(work, decision) {
      // A pair whose failure cancelled the trade: both members are told what failed and why (issue #40).
      if (work.failedTrade) {
        told.emit('inspection.failed', failureNotice(work));
        return;
      }
      const { tradeId, ownerId, recipientId } = work.pair;
      told.emit('inspection.stepped', { tradeId, ownerId, recipientId, step: stepText(decision.status, decision.forwardedTo ?? null), at });
    },
  };
}

/**
 * Applies one action to a pair at the centre, in one transaction, through the one transition
 * runner: both pairs of the trade are locked, the caller's role checked (a member who is not the
 * pair's recipient gets 404), the inspection machine decides, the effects run (closing the trade
 * through the trade machine when a pair fails or the second pair is forwarded), the ledger's
 * 'inspect' entry is appended and the pair saved `WHERE status = <the status read>`. After commit,
 * both members are told of the pair's step ('inspection.stepped', 'inspection.failed'), then the
 * trade's own events follow: the trade's are held until the pair's notice is emitted, so the bell
 * lists the centre's step before the trade's completion, as it did when the step was stored inside
 * the transaction.
 */
export async function runInspectionTransition(ctx: AppContext, request: InspectionRequest): Promise<InspectionRow> {
  const at = ctx.now();
  return inTransaction(ctx, async (txCtx) => {
    const tradeEvents = new EventsAfterCommit(txCtx.events);
    const outcome = await runTransition(inspectionMachine({ ...txCtx, events: tradeEvents }, txCtx.events, request, at));
    if (!outcome.changed) throw new Error('an inspection transition is never a replay');
    tradeEvents.flush();
    return outcome.saved;
  });
}
