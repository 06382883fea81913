import { TRADE_ACTIONS } from '@soleswap/contracts/trades';
import type { EscrowStatus, ResolveOutcome, TradeAction, TradeStatus } from '@soleswap/contracts/trades';

/**
 * The trade lifecycle (decisions.md 6) as one pure table. Services call
 * `decide` before they write, and answer every trade with `allowedActions`
 * from the same table, so the UI offers exactly what the server accepts.
 */

/** Who is acting: a party of the trade, an admin, or the scheduler. */
export type TradeActor = 'proposer' | 'receiver' | 'admin' | 'system';

/** Transitions only the scheduler applies; never offered to people. */
export const SYSTEM_ACTIONS = ['expire', 'ship-deadline'] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];
export type MachineAction = TradeAction | SystemAction;

/** A timestamp column as the database (Date) or the API (ISO string) gives it; only null-ness matters. */
type Stamp = Date | string | null;

/** Just what the rules read. */
export interface TradeSnapshot {
  status: TradeStatus;
  proposerShippedAt: Stamp;
  receiverShippedAt: Stamp;
  proposerReceivedAt: Stamp;
  receiverReceivedAt: Stamp;
  proposerCancelRequestedAt: Stamp;
  receiverCancelRequestedAt: Stamp;
  /** The caller has already rated this trade. */
  hasRated: boolean;
  /** A pending trade holding a sneaker now locked in another trade: it cannot be accepted. */
  isUnavailable?: boolean;
}

/** Side work the service must do in the same transaction as the status change. */
export type TradeEffect =
  | 'lockEscrow'
  | 'releaseEscrow'
  | 'refundEscrow'
  | 'transferOwnership'
  | 'createCounter'
  | 'recordShipment'
  | 'recordReceipt'
  | 'recordCancelRequest'
  | 'recordDispute'
  | 'recordRating'
  /** Ship deadline missed: each side that has not shipped gets the lowest rating. */
  | 'penalizeLateShipper';

export interface TradeDecision {
  status: TradeStatus;
  /** Present only when the escrow status changes. */
  escrowStatus?: EscrowStatus;
  effects: TradeEffect[];
}

export interface DecideExtra {
  /** Required for 'resolve'. */
  outcome?: ResolveOutcome;
}

/** Thrown when the action is not allowed for this role in this state; the server maps it to 409. */
export class TradeTransitionError extends Error {
  readonly code = 'TRADE_INVALID_TRANSITION';
  override name = 'TradeTransitionError';
}

type Party = 'proposer' | 'receiver';

interface Rule {
  /** Roles that may take this action from this status. */
  roles: readonly TradeActor[];
  /** Extra condition on the snapshot, for the acting role (always one of `roles`, hence the Party casts below). */
  guard?: (s: TradeSnapshot, role: TradeActor) => boolean;
  apply: (s: TradeSnapshot, role: TradeActor, extra: DecideExtra) => TradeDecision;
}

const PARTIES: readonly Party[] = ['proposer', 'receiver'];

const other = (role: TradeActor): Party => (role === 'proposer' ? 'receiver' : 'proposer');
const shipped = (s: TradeSnapshot, side: Party) =>
  (side === 'proposer' ? s.proposerShippedAt : s.receiverShippedAt) != null;
const received = (s: TradeSnapshot, side: Party) =>
  (side === 'proposer' ? s.proposerReceivedAt : s.receiverReceivedAt) != null;
const askedToCancel = (s: TradeSnapshot, side: Party) =>
  (side === 'proposer' ? s.proposerCancelRequestedAt : s.receiverCancelRequestedAt) != null;
const to = (status: TradeStatus, effects: TradeEffect[] = [], escrowStatus?: EscrowStatus): TradeDecision =>
  escrowStatus ? { status, escrowStatus, effects } : { status, effects };

const TRANSITIONS: Partial<Record<TradeStatus, Partial<Record<MachineAction, Rule>>>> = {
  pending: {
    accept: {
      roles: ['receiver'],
      guard: (s) => !s.isUnavailable,
      apply: () => to('accepted', ['lockEscrow'], 'locked'),
    },
    reject: { roles: ['receiver'], apply: () => to('rejected') },
    // The system withdraws a proposal between members who no longer interact (a block).
    cancel: { roles: ['proposer', 'system'], apply: () => to('cancelled') },
    // The service then creates the new pending trade in the other direction.
    counter: { roles: ['receiver'], apply: () => to('countered', ['createCounter']) },
    expire: { roles: ['system'], apply: () => to('expired') },
  },
  accepted: {
    ship: {
      roles: PARTIES,
      guard: (s, role) => !shipped(s, role as Party),
      apply: () => to('accepted', ['recordShipment']),
    },
    // You can only confirm receipt of what the other side has sent.
    receive: {
      roles: PARTIES,
      guard: (s, role) => !received(s, role as Party) && shipped(s, other(role)),
      apply: (s, role) =>
        received(s, other(role))
          ? to('completed', ['recordReceipt', 'releaseEscrow', 'transferOwnership'], 'released')
          : to('accepted', ['recordReceipt']),
    },
    // After acceptance nobody can walk away alone: both sides must ask.
    cancel: {
      roles: PARTIES,
      guard: (s, role) => !askedToCancel(s, role as Party),
      apply: (s, role) =>
        askedToCancel(s, other(role))
          ? to('cancelled', ['recordCancelRequest', 'refundEscrow'], 'refunded')
          : to('accepted', ['recordCancelRequest']),
    },
    dispute: { roles: PARTIES, apply: () => to('disputed', ['recordDispute']) },
    // Once both sides have shipped the deadline is met and no longer applies.
    'ship-deadline': {
      roles: ['system'],
      guard: (s) => !shipped(s, 'proposer') || !shipped(s, 'receiver'),
      apply: () => to('cancelled', ['refundEscrow', 'penalizeLateShipper'], 'refunded'),
    },
  },
  disputed: {
    resolve: {
      roles: ['admin'],
      apply: (_s, _role, { outcome }) => {
        if (outcome === 'completed') return to('completed', ['releaseEscrow', 'transferOwnership'], 'released');
        if (outcome === 'cancelled') return to('cancelled', ['refundEscrow'], 'refunded');
        throw new TradeTransitionError('A dispute is resolved as completed or cancelled');
      },
    },
  },
  completed: {
    rate: { roles: PARTIES, guard: (s) => !s.hasRated, apply: () => to('completed', ['recordRating']) },
  },
  // rejected, cancelled, countered and expired are terminal: no entries.
};

const asRoles = (role: TradeActor | readonly TradeActor[]): readonly TradeActor[] =>
  typeof role === 'string' ? [role] : role;

/** The first of the caller's roles that the rule lets act now, if any. */
function actingRole(rule: Rule | undefined, s: TradeSnapshot, roles: readonly TradeActor[]): TradeActor | undefined {
  if (!rule) return undefined;
  return roles.find((r) => rule.roles.includes(r) && (rule.guard?.(s, r) ?? true));
}

/**
 * Decides what `action` by `role` does to a trade in state `snapshot`.
 * Pass several roles for a party who is also an admin; the first role the
 * table allows acts. Throws TradeTransitionError when nothing allows it.
 */
export function decide(
  snapshot: TradeSnapshot,
  role: TradeActor | readonly TradeActor[],
  action: MachineAction,
  extra: DecideExtra = {},
): TradeDecision {
  const rule = TRANSITIONS[snapshot.status]?.[action];
  const actor = actingRole(rule, snapshot, asRoles(role));
  if (!rule || !actor) {
    throw new TradeTransitionError(`Cannot ${action} a ${snapshot.status} trade as ${asRoles(role).join(' or ') || 'nobody'}`);
  }
  return rule.apply(snapshot, actor, extra);
}

/**
 * The actions the caller may take now, in TRADE_ACTIONS order, from the same
 * table as `decide`. A party who is also an admin passes both roles and gets both sets.
 */
export function allowedActions(snapshot: TradeSnapshot, role: TradeActor | readonly TradeActor[]): TradeAction[] {
  const rules = TRANSITIONS[snapshot.status] ?? {};
  const roles = asRoles(role);
  return TRADE_ACTIONS.filter((action) => actingRole(rules[action], snapshot, roles) !== undefined);
}

/**
 * The roles a signed-in user holds on a trade: proposer or receiver; admin only for trades they are
 * not part of, so nobody ever resolves a dispute about their own sneakers.
 */
export function rolesOf(
  trade: { proposerId: string; receiverId: string },
  user: { id: string; isAdmin: boolean },
): TradeActor[] {
  const roles: TradeActor[] = [];
  if (trade.proposerId === user.id) roles.push('proposer');
  if (trade.receiverId === user.id) roles.push('receiver');
  if (user.isAdmin && roles.length === 0) roles.push('admin');
  return roles;
}
