import type { ResolveOutcome, TradeStatus } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { retryingDeadlocks } from '../../db/within-transaction';
import { notFound } from '../../errors';
import type { RefusalAnswers } from '../../machines/machine';
import { runTransition, type TransitionMachine } from '../../machines/run-transition';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { canSeeTrade } from './trade-access';
import { EFFECTS, type TransitionInput, type TransitionWork } from './trade-effects';
import { publishTradeChanged } from './publish-trade-changed';
import { hasRated } from './trade-parties.repository';
import { decide, isClosedStatus, overdueReceipts, rolesOf } from './trade.machine';
import type { MachineAction, Party, Refusal, TradeActor, TradeDecision, TradeSnapshot } from './trade.machine';
import type { TradeViewer } from './trade-view';
import { insertTradeEvent, lockTrade, updateTradeFrom, type TradeRow } from './trades.repository';

const ROLE_NAMES: Record<TradeActor, string> = {
  proposer: 'the proposer',
  receiver: 'the receiver',
  admin: 'an admin',
  system: 'the scheduler',
  centre: 'the authentication centre',
};

export interface TransitionRequest extends TransitionInput {
  tradeId: number;
  /** A signed-in member, the scheduler applying a deadline, or the authentication centre closing a via-authentication trade. */
  actor: TradeViewer | 'system' | 'centre';
  action: MachineAction;
  outcome?: ResolveOutcome;
}

export interface TransitionResult {
  trade: TradeRow;
  /** The counter-offer a 'counter' created. */
  created: TradeRow | null;
}

/**
 * How each refusal of the state machine reaches the caller. An action that, in this status,
 * belongs to another role only (the proposer accepting, a member resolving) is FORBIDDEN;
 * anything else (a wrong moment, a step already taken) is an invalid transition.
 */
const REFUSALS: RefusalAnswers<Refusal> = {
  NOT_YOUR_ROLE: {
    code: 'FORBIDDEN',
    message: (r) => `Only ${ROLE_NAMES[r.rightfulRoles[0] ?? 'admin']} can ${r.action} this trade`,
  },
  CLOSED: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
  WRONG_STATUS: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
  // The lockEscrow effect names the sneaker instead; this only answers a caller that passed the flag.
  UNAVAILABLE: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
  BOTH_SHIPPED: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
  NOTHING_OVERDUE: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
  ALREADY_SHIPPED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'You have already shipped your side' },
  ALREADY_RECEIVED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'You have already confirmed receipt' },
  OTHER_SIDE_NOT_SHIPPED: {
    code: 'TRADE_INVALID_TRANSITION',
    message: () => 'You can confirm receipt once the other side has shipped',
  },
  ALREADY_ASKED_TO_CANCEL: {
    code: 'TRADE_INVALID_TRANSITION',
    message: () => 'You have already asked to cancel; the other side must agree',
  },
  ALREADY_RATED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'You have already rated this trade' },
  OUTCOME_REQUIRED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'A dispute is resolved as completed or cancelled' },
  IN_CUSTODY: {
    code: 'TRADE_INVALID_TRANSITION',
    message: () => 'This trade goes through the authentication centre: it completes once the centre forwards both pairs',
  },
  NOT_VIA_AUTHENTICATION: { code: 'TRADE_INVALID_TRANSITION', message: notNow },
};

/** The party a member is on a trade, or null for anyone else (or nobody). */
function partyOf(trade: { proposerId: string; receiverId: string }, userId: string | null | undefined): Party | null {
  if (userId == null) return null;
  return userId === trade.proposerId ? 'proposer' : userId === trade.receiverId ? 'receiver' : null;
}

const partyId = (trade: { proposerId: string; receiverId: string }, party: Party): string =>
  party === 'proposer' ? trade.proposerId : trade.receiverId;

function notNow(r: Refusal): string {
  return `This trade is ${r.status}: you cannot ${r.action} it now`;
}

interface Loaded {
  trade: TradeRow;
  roles: TradeActor[];
  snapshot: TradeSnapshot;
}

/** The trade lifecycle as the transition runner drives it, inside the transaction `tx`. */
function tradeMachine(tx: Db, request: TransitionRequest, at: Date): TransitionMachine<Loaded, TradeDecision, Refusal, TransitionWork, TradeRow> {
  const { tradeId, actor, action } = request;
  const actorId = typeof actor === 'string' ? null : actor.id;
  return {
    async load() {
      const trade = await lockTrade(tx, tradeId);
      if (!trade) throw notFound('Trade');
      if (typeof actor !== 'string' && !canSeeTrade(trade, actor)) throw notFound('Trade');
      const roles: TradeActor[] = typeof actor === 'string' ? [actor] : rolesOf(trade, actor);
      const snapshot: TradeSnapshot = {
        ...trade,
        hasRated: action === 'rate' && actorId !== null ? await hasRated(tx, trade.id, actorId) : false,
        // Availability is re-checked under row locks by the lockEscrow effect, which names the sneaker.
        isUnavailable: false,
        // Only the scheduler reads the clock into the snapshot: which receipts are past their receive-by.
        overdueReceipts: actor === 'system' ? overdueReceipts(trade, at) : [],
        disputedBy: partyOf(trade, trade.disputedById),
      };
      return { trade, roles, snapshot };
    },
    statusOf: ({ trade }) => trade.status,
    decide: ({ trade, snapshot, roles }) =>
      decide(snapshot, roles, action, { outcome: request.outcome, failedParty: partyOf(trade, request.failedInspectionMemberId) ?? undefined }),
    refusals: REFUSALS,
    begin: ({ trade, roles }) => ({
      tx,
      trade,
      action,
      side: roles.includes('proposer') ? 'proposer' : roles.includes('receiver') ? 'receiver' : null,
      actorId,
      at,
      input: request,
      changes: {},
      ledger: [],
      transfers: [],
      created: null,
    }),
    effects: EFFECTS,
    // Last, once every row lock is held: the ledger head is held from here to commit.
    async afterEffects(work) {
      for (const { event, payload } of work.ledger) {
        const entry = await appendLedgerEntry(tx, { tradeId: work.trade.id, event, payload: payload(), at });
        if (event === 'lock') work.changes.blockchainTxHash = entry.hash;
      }
    },
    save: (work, decision, from) => {
      const closing = decision.status !== from && isClosedStatus(decision.status);
      return updateTradeFrom(tx, work.trade.id, from as TradeStatus, {
        ...work.changes,
        status: decision.status,
        ...(decision.escrowStatus ? { escrowStatus: decision.escrowStatus } : {}),
        ...(closing ? { closedAt: at } : {}),
        // How the trade ended and who was at fault, as the machine decided it: money reads these (protection-holds.ts).
        ...(decision.ending
          ? { endedCause: decision.ending.cause, endedAtFaultIds: decision.ending.atFault.map((party) => partyId(work.trade, party)) }
          : {}),
        updatedAt: at,
      });
    },
    conflictMessage: 'This trade changed while you were acting on it. Please reload it.',
    async record(work, decision, saved, from) {
      await insertTradeEvent(tx, {
        tradeId: saved.id,
        actorId,
        action,
        fromStatus: from as TradeStatus,
        toStatus: decision.status,
        data: eventData(request, work),
        createdAt: at,
      });
      const created = work.created ? [{ trade: work.created, action: 'propose' }] : [];
      await publishTradeChanged(tx, [{ trade: saved, action }, ...created]);
    },
  };
}

/**
 * Applies one action to a trade, in one transaction, through the one transition runner: the
 * trade row is locked, the caller's roles are checked (a stranger learns nothing: 404), the
 * state machine decides (a refusal answers with its reason's code and message), the effects run
 * (escrow, ownership, ratings, counter-offer), the ledger entries are appended, the new state is
 * saved with `WHERE status = <the status it was read in>`, and an audit event is written.
 * 'trade.changed' is emitted after commit. Locks are taken in one order: the trade's row, the rows
 * its effects lock, the ledger's head last (docs/rules/ledger.md#lock-order); a transaction
 * PostgreSQL still ends to break a deadlock runs again (retryingDeadlocks), never a 500.
 */
export async function runTradeTransition(ctx: AppContext, request: TransitionRequest): Promise<TransitionResult> {
  const { tradeId, actor, action } = request;
  const at = ctx.now();
  const actorId = typeof actor === 'string' ? null : actor.id;

  // A deadlock PostgreSQL broke by ending this transaction runs it again (docs/rules/ledger.md#lock-order).
  const result = await retryingDeadlocks(ctx.db, () =>
    ctx.db.transaction(async (tx) => {
      const outcome = await runTransition(tradeMachine(tx, request, at));
      if (!outcome.changed) throw new Error('a trade transition is never a replay');
      return { trade: outcome.saved, created: outcome.work.created };
    }),
  );

  const userIds = [result.trade.proposerId, result.trade.receiverId];
  ctx.events.emit('trade.changed', { tradeId, action, actorId, status: result.trade.status, userIds });
  if (result.created) {
    ctx.events.emit('trade.changed', {
      tradeId: result.created.id,
      action: 'propose',
      actorId,
      status: result.created.status,
      userIds,
      parentTradeId: tradeId,
    });
  }
  return result;
}

/** What the audit trail keeps about the request (private: never on the public ledger). */
function eventData(request: TransitionRequest, work: TransitionWork): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  if (request.shipment) Object.assign(data, { trackingNumber: request.shipment.trackingNumber, carrier: request.shipment.carrier });
  if (request.reason) data.reason = request.reason;
  if (request.outcome) data.outcome = request.outcome;
  if (request.rating) data.score = request.rating.score;
  if (work.created) data.counterTradeId = work.created.id;
  return Object.keys(data).length ? data : null;
}
