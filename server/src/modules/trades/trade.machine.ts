import { TRADE_ACTIONS } from '@soleswap/contracts/trades';
import type { EscrowStatus, ResolveOutcome, TradeAction, TradeEndingCause, TradeStatus } from '@soleswap/contracts/trades';
import type { Decision, Refusal as MachineRefusal } from '../../machines/machine';

/**
 * The trade lifecycle (see docs/rules/trades.md#actions-and-who-may-take-them) as one pure table. Services call
 * `decide` before they write, and answer every trade with `allowedActions`
 * from the same table, so the UI offers exactly what the server accepts. Shaped like every
 * lifecycle (machines/machine.ts): `decide` answers a decision or a refusal with its reason, and
 * trade-transition.ts runs it through the one transition runner.
 */

/**
 * Who is acting: a party of the trade, an admin, the scheduler, or the authentication centre
 * (the inspection lifecycle closing a via-authentication trade; docs/rules/inspection.md).
 */
export type TradeActor = 'proposer' | 'receiver' | 'admin' | 'system' | 'centre';

/** Transitions only the scheduler applies; never offered to people. */
export const SYSTEM_ACTIONS = ['expire', 'ship-deadline', 'auto-receive'] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];
/**
 * Transitions only the authentication centre applies: both pairs passed and were forwarded
 * (the trade completes), or a pair failed or never arrived (the trade is cancelled, escrow refunded).
 */
export const CENTRE_ACTIONS = ['custody-complete', 'custody-fail'] as const;
export type CentreAction = (typeof CENTRE_ACTIONS)[number];
export type MachineAction = TradeAction | SystemAction | CentreAction;

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
  /** Both pairs travel through the authentication centre: the centre, not the members, confirms arrival. */
  viaAuthentication?: boolean;
  /** The parties whose receive-by has passed (`overdueReceipts`, read by the scheduler with its clock). */
  overdueReceipts?: readonly Party[];
  /** Who opened the dispute: a party, or null when the system opened it (a suspended member) or none is open. */
  disputedBy?: Party | null;
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
  /** Receive-by passed: the system confirms receipt for each overdue side (auto-receive). */
  | 'recordOverdueReceipts'
  | 'recordCancelRequest'
  | 'recordDispute'
  | 'recordRating'
  /** Ship deadline missed: each side that has not shipped gets the lowest rating. */
  | 'penalizeLateShipper'
  /** The centre failed the trade: whose pair failed is recorded (their protection hold is captured). */
  | 'recordFailedInspection';

/** A trade's ending: its cause and the parties at fault (whose protection hold is captured). */
export interface TradeEnding {
  cause: TradeEndingCause;
  /** ship_deadline: each side that had not shipped; dispute_refunded: the side that did not open the dispute; failed_inspection: the side whose pair failed. */
  atFault: readonly Party[];
}

export interface TradeDecision extends Decision<TradeStatus, TradeEffect> {
  /** Present only when the escrow status changes. */
  escrowStatus?: EscrowStatus;
  /** Present only when the decision ends the trade (a closed status entered). */
  ending?: TradeEnding;
}

export interface DecideExtra {
  /** Required for 'resolve'. */
  outcome?: ResolveOutcome;
  /** Required for 'custody-fail': the party whose pair failed inspection or never reached the centre. */
  failedParty?: Party;
}

/**
 * The trade's deadlines (docs/rules/trades.md#deadlines), as the one deadline sweep reads them: what
 * the system does to a trade past its deadline in each status. A pending proposal past expiresAt
 * expires; an accepted trade a side has not shipped by shipBy is cancelled ('ship-deadline').
 */
export const TRADE_DEADLINE_ACTIONS = {
  pending: 'expire',
  // Which of the two is due is named by the sweep's query (listTradesPastDeadline).
  accepted: ['ship-deadline', 'auto-receive'],
} as const satisfies Partial<Record<TradeStatus, SystemAction | readonly SystemAction[]>>;

/** Statuses no transition leaves a trade in once entered: the trade is over (a completed one can still be rated). */
export const CLOSED_TRADE_STATUSES = ['rejected', 'cancelled', 'countered', 'expired', 'completed'] as const satisfies readonly TradeStatus[];

export const isClosedStatus = (status: TradeStatus): boolean => (CLOSED_TRADE_STATUSES as readonly TradeStatus[]).includes(status);

/**
 * Why `decide` refused, so callers can explain it without re-reading the rules:
 * - NOT_YOUR_ROLE: in this status the action belongs to another role only (the proposer accepting);
 * - CLOSED: the trade is over and nothing applies any more;
 * - WRONG_STATUS: the action does not apply to a trade in this status (shipping a pending trade);
 * - UNAVAILABLE: a sneaker of the pending trade is locked elsewhere, gone or changed;
 * - ALREADY_SHIPPED, ALREADY_RECEIVED, ALREADY_ASKED_TO_CANCEL, ALREADY_RATED: the caller's step is done;
 * - OTHER_SIDE_NOT_SHIPPED: receipt can be confirmed only for a parcel the other side sent;
 * - BOTH_SHIPPED: the ship deadline no longer applies once both sides shipped;
 * - NOTHING_OVERDUE: no receipt is past its receive-by (each was confirmed meanwhile);
 * - OUTCOME_REQUIRED: a dispute is resolved as completed or cancelled, nothing else;
 * - IN_CUSTODY: a via-authentication trade's pairs arrive through the centre, whose inspection completes it;
 * - NOT_VIA_AUTHENTICATION: the centre acts only on trades routed through it.
 */
export const REFUSAL_REASONS = [
  'NOT_YOUR_ROLE',
  'CLOSED',
  'WRONG_STATUS',
  'UNAVAILABLE',
  'ALREADY_SHIPPED',
  'ALREADY_RECEIVED',
  'OTHER_SIDE_NOT_SHIPPED',
  'ALREADY_ASKED_TO_CANCEL',
  'ALREADY_RATED',
  'BOTH_SHIPPED',
  'NOTHING_OVERDUE',
  'OUTCOME_REQUIRED',
  'IN_CUSTODY',
  'NOT_VIA_AUTHENTICATION',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface Refusal extends MachineRefusal<RefusalReason> {
  status: TradeStatus;
  action: MachineAction;
  /** For NOT_YOUR_ROLE: the roles the action belongs to in this status, in the table's order. */
  rightfulRoles: readonly TradeActor[];
}

export type Party = 'proposer' | 'receiver';

interface Rule {
  /** Roles that may take this action from this status. */
  roles: readonly TradeActor[];
  /**
   * Why the acting role may not take the action in this state, or null when it may. The role is
   * always one of `roles`, hence the Party casts below.
   */
  refuse?: (s: TradeSnapshot, role: TradeActor) => RefusalReason | null;
  apply: (s: TradeSnapshot, role: TradeActor, extra: DecideExtra) => TradeDecision | Refusal;
}

const PARTIES: readonly Party[] = ['proposer', 'receiver'];

const other = (role: TradeActor): Party => (role === 'proposer' ? 'receiver' : 'proposer');
const shipped = (s: TradeSnapshot, side: Party) => (side === 'proposer' ? s.proposerShippedAt : s.receiverShippedAt) != null;
const received = (s: TradeSnapshot, side: Party) => (side === 'proposer' ? s.proposerReceivedAt : s.receiverReceivedAt) != null;
const askedToCancel = (s: TradeSnapshot, side: Party) => (side === 'proposer' ? s.proposerCancelRequestedAt : s.receiverCancelRequestedAt) != null;
const to = (status: TradeStatus, effects: TradeEffect[] = [], escrowStatus?: EscrowStatus): TradeDecision =>
  escrowStatus ? { ok: true, status, escrowStatus, effects } : { ok: true, status, effects };
/** A decision that ends the trade, with its cause and the parties at fault. */
const ending = (decision: TradeDecision, cause: TradeEndingCause, atFault: readonly Party[] = []): TradeDecision => ({
  ...decision,
  ending: { cause, atFault },
});
/** The overdue sides the system confirms: their receive-by passed, the parcel was sent, and they have not confirmed. */
const dueReceipts = (s: TradeSnapshot): Party[] => PARTIES.filter((p) => s.overdueReceipts?.includes(p) && !received(s, p) && shipped(s, other(p)));
/** Refuses with `reason` when `refused` holds. */
const unless = (refused: boolean, reason: RefusalReason): RefusalReason | null => (refused ? reason : null);

const TRANSITIONS: Partial<Record<TradeStatus, Partial<Record<MachineAction, Rule>>>> = {
  pending: {
    accept: {
      roles: ['receiver'],
      refuse: (s) => unless(s.isUnavailable === true, 'UNAVAILABLE'),
      apply: () => to('accepted', ['lockEscrow'], 'locked'),
    },
    reject: { roles: ['receiver'], apply: () => ending(to('rejected'), 'rejected') },
    // The system withdraws a proposal between members who no longer interact (a block).
    cancel: { roles: ['proposer', 'system'], apply: () => ending(to('cancelled'), 'withdrawn') },
    // The service then creates the new pending trade in the other direction.
    counter: { roles: ['receiver'], apply: () => ending(to('countered', ['createCounter']), 'countered') },
    expire: { roles: ['system'], apply: () => ending(to('expired'), 'expired') },
  },
  accepted: {
    ship: {
      roles: PARTIES,
      refuse: (s, role) => unless(shipped(s, role as Party), 'ALREADY_SHIPPED'),
      apply: () => to('accepted', ['recordShipment']),
    },
    // You can only confirm receipt of what the other side has sent.
    receive: {
      roles: PARTIES,
      refuse: (s, role) =>
        unless(s.viaAuthentication === true, 'IN_CUSTODY') ??
        unless(received(s, role as Party), 'ALREADY_RECEIVED') ??
        unless(!shipped(s, other(role)), 'OTHER_SIDE_NOT_SHIPPED'),
      apply: (s, role) =>
        received(s, other(role))
          ? ending(to('completed', ['recordReceipt', 'releaseEscrow', 'transferOwnership'], 'released'), 'completed')
          : to('accepted', ['recordReceipt']),
    },
    // After acceptance nobody can walk away alone: both sides must ask.
    cancel: {
      roles: PARTIES,
      refuse: (s, role) => unless(askedToCancel(s, role as Party), 'ALREADY_ASKED_TO_CANCEL'),
      apply: (s, role) =>
        askedToCancel(s, other(role))
          ? ending(to('cancelled', ['recordCancelRequest', 'refundEscrow'], 'refunded'), 'mutual_cancel')
          : to('accepted', ['recordCancelRequest']),
    },
    // The system sends a suspended member's trade to the admins: neither side can finish it alone.
    dispute: { roles: [...PARTIES, 'system'], apply: () => to('disputed', ['recordDispute']) },
    // Once both sides have shipped the deadline is met and no longer applies.
    'ship-deadline': {
      roles: ['system'],
      refuse: (s) => unless(shipped(s, 'proposer') && shipped(s, 'receiver'), 'BOTH_SHIPPED'),
      // Each side that had not shipped missed it.
      apply: (s) =>
        ending(
          to('cancelled', ['refundEscrow', 'penalizeLateShipper'], 'refunded'),
          'ship_deadline',
          PARTIES.filter((p) => !shipped(s, p)),
        ),
    },
    // The centre forwarded both pairs after they passed: ownership moves, escrow is released.
    'custody-complete': {
      roles: ['centre'],
      refuse: (s) => unless(s.viaAuthentication !== true, 'NOT_VIA_AUTHENTICATION'),
      apply: () => ending(to('completed', ['releaseEscrow', 'transferOwnership'], 'released'), 'completed'),
    },
    // A pair failed inspection (or never reached the centre): the trade fails, escrow goes back; the
    // side whose pair it was is at fault.
    'custody-fail': {
      roles: ['centre'],
      refuse: (s) => unless(s.viaAuthentication !== true, 'NOT_VIA_AUTHENTICATION'),
      apply: (_s, _role, { failedParty }) =>
        ending(to('cancelled', ['refundEscrow', 'recordFailedInspection'], 'refunded'), 'failed_inspection', failedParty ? [failedParty] : []),
    },
    // Received means received: a side that neither confirms nor disputes by its receive-by is
    // confirmed by the system. A disputed trade is not accepted, so this never applies to it.
    'auto-receive': {
      roles: ['system'],
      refuse: (s) => unless(s.viaAuthentication === true, 'IN_CUSTODY') ?? unless(dueReceipts(s).length === 0, 'NOTHING_OVERDUE'),
      apply: (s) => {
        const due = dueReceipts(s);
        return PARTIES.every((p) => received(s, p) || due.includes(p))
          ? ending(to('completed', ['recordOverdueReceipts', 'releaseEscrow', 'transferOwnership'], 'released'), 'completed')
          : to('accepted', ['recordOverdueReceipts']);
      },
    },
  },
  disputed: {
    resolve: {
      roles: ['admin'],
      apply: (s, _role, { outcome }) => {
        if (outcome === 'completed') return ending(to('completed', ['releaseEscrow', 'transferOwnership'], 'released'), 'dispute_completed');
        // A refund goes against the side that did not open the dispute; one the system opened (a suspended member) against nobody.
        if (outcome === 'cancelled') {
          return ending(to('cancelled', ['refundEscrow'], 'refunded'), 'dispute_refunded', s.disputedBy ? [other(s.disputedBy)] : []);
        }
        return { ok: false, reason: 'OUTCOME_REQUIRED', status: s.status, action: 'resolve', rightfulRoles: [] };
      },
    },
  },
  completed: {
    rate: { roles: PARTIES, refuse: (s) => unless(s.hasRated, 'ALREADY_RATED'), apply: () => to('completed', ['recordRating']) },
  },
  // rejected, cancelled, countered and expired are terminal: no entries.
};

/**
 * The parties of an accepted trade whose receive-by (set when the other side shipped) has passed
 * at `now` without their confirming receipt: what the scheduler's snapshot carries.
 */
export function overdueReceipts(
  trade: { proposerReceiveBy: Stamp; receiverReceiveBy: Stamp; proposerReceivedAt: Stamp; receiverReceivedAt: Stamp },
  now: Date,
): Party[] {
  const due = (by: Stamp, at: Stamp) => by != null && at == null && new Date(by).getTime() <= now.getTime();
  return PARTIES.filter((p) =>
    p === 'proposer' ? due(trade.proposerReceiveBy, trade.proposerReceivedAt) : due(trade.receiverReceiveBy, trade.receiverReceivedAt),
  );
}

const asRoles = (role: TradeActor | readonly TradeActor[]): readonly TradeActor[] => (typeof role === 'string' ? [role] : role);

/**
 * Who acts, or why nobody may: the first of the caller's roles that the rule lets act now; when
 * none does, the reason of the first of the caller's roles the rule lists, or NOT_YOUR_ROLE
 * when it lists none of them.
 */
function judge(s: TradeSnapshot, roles: readonly TradeActor[], action: MachineAction): { actor: TradeActor; rule: Rule } | Refusal {
  const { status } = s;
  const rule = TRANSITIONS[status]?.[action];
  const refusal = (reason: RefusalReason, rightfulRoles: readonly TradeActor[] = []): Refusal => ({
    ok: false,
    reason,
    status,
    action,
    rightfulRoles,
  });
  if (!rule) return refusal(isClosedStatus(status) ? 'CLOSED' : 'WRONG_STATUS');
  const eligible = roles.filter((r) => rule.roles.includes(r));
  if (eligible.length === 0) return refusal('NOT_YOUR_ROLE', rule.roles);
  let reason: RefusalReason | null = null;
  for (const actor of eligible) {
    const refused = rule.refuse?.(s, actor) ?? null;
    if (refused === null) return { actor, rule };
    reason ??= refused;
  }
  return refusal(reason!);
}

/** Why `action` by `role` is refused on a trade in state `snapshot`, or null when it is allowed. */
export function refusalOf(snapshot: TradeSnapshot, role: TradeActor | readonly TradeActor[], action: MachineAction): Refusal | null {
  const judged = judge(snapshot, asRoles(role), action);
  return 'reason' in judged ? judged : null;
}

/**
 * Decides what `action` by `role` does to a trade in state `snapshot`.
 * Pass several roles for a party who is also an admin; the first role the
 * table allows acts. Answers the refusal, with its reason, when nothing allows it; never throws.
 */
export function decide(
  snapshot: TradeSnapshot,
  role: TradeActor | readonly TradeActor[],
  action: MachineAction,
  extra: DecideExtra = {},
): TradeDecision | Refusal {
  const judged = judge(snapshot, asRoles(role), action);
  if ('reason' in judged) return judged;
  return judged.rule.apply(snapshot, judged.actor, extra);
}

/**
 * The actions the caller may take now, in TRADE_ACTIONS order, from the same
 * table as `decide`. A party who is also an admin passes both roles and gets both sets.
 */
export function allowedActions(snapshot: TradeSnapshot, role: TradeActor | readonly TradeActor[]): TradeAction[] {
  const roles = asRoles(role);
  return TRADE_ACTIONS.filter((action) => !('reason' in judge(snapshot, roles, action)));
}

/**
 * The roles a signed-in user holds on a trade: proposer or receiver; admin only for trades they are
 * not part of, so nobody ever resolves a dispute about their own sneakers.
 */
export function rolesOf(trade: { proposerId: string; receiverId: string }, user: { id: string; isAdmin: boolean }): TradeActor[] {
  const roles: TradeActor[] = [];
  if (trade.proposerId === user.id) roles.push('proposer');
  if (trade.receiverId === user.id) roles.push('receiver');
  if (user.isAdmin && roles.length === 0) roles.push('admin');
  return roles;
}
