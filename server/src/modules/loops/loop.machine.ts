import { LOOP_ACTIONS } from '@soleswap/contracts/loops';
import type { LoopAction, LoopStatus } from '@soleswap/contracts/loops';
import type { Decision, Refusal } from '../../machines/machine';

/**
 * The loop-trade lifecycle as one pure table, like trade.machine.ts for two-member trades.
 * Services call `decide` before they write and answer every loop with `allowedActions` from the
 * same table, so the UI offers exactly what the server accepts. Shaped like every lifecycle
 * (machines/machine.ts): `decideLoop` answers a decision or a refusal with its reason, and
 * loop-transition.ts runs it through the one transition runner.
 *
 * A loop is all-or-nothing: it only locks escrow once every member has accepted, it only
 * completes (and moves ownership) once every member has received, and one member's decline,
 * dispute or missed deadline ends it for everyone.
 */

/** Transitions only the system applies (the scheduler, or a block between two members). */
export const LOOP_SYSTEM_ACTIONS = ['expire', 'ship-deadline', 'block', 'auto-receive'] as const;
export type LoopSystemAction = (typeof LOOP_SYSTEM_ACTIONS)[number];
export type LoopMachineAction = LoopAction | LoopSystemAction;

/**
 * A member acts by their position in the loop (they give leg `position`); or the scheduler.
 * `bringsShipTo`: an acceptance that chooses the member's ship-to as it is made.
 */
export type LoopActor = { position: number; bringsShipTo?: boolean } | 'system';

/** Member i gives leg i to member i + 1 and receives leg i - 1 from member i - 1. */
export interface LoopMemberState {
  accepted: boolean;
  /** They chose where their incoming leg goes: the loop binds only once every member accepted with one. */
  shipToChosen: boolean;
  /** Their outgoing leg is shipped. */
  shipped: boolean;
  /** They confirmed their incoming leg arrived. */
  received: boolean;
  /** Their incoming leg's receive-by has passed (read by the scheduler with its clock). */
  receiptOverdue?: boolean;
}

export interface LoopSnapshot {
  status: LoopStatus;
  members: readonly LoopMemberState[];
}

export type LoopEffect =
  | 'recordAcceptance'
  | 'lockEscrow'
  | 'recordShipment'
  | 'recordReceipt'
  /** Receive-by passed: the system confirms each overdue incoming leg (auto-receive). */
  | 'recordOverdueReceipts'
  | 'releaseEscrow'
  | 'transferOwnership'
  | 'refundEscrow'
  | 'recordDispute';

export type LoopEscrowStatus = 'pending' | 'locked' | 'released' | 'refunded';

export interface LoopDecision extends Decision<LoopStatus, LoopEffect> {
  /** Present only when the escrow status changes. */
  escrowStatus?: LoopEscrowStatus;
}

/**
 * Why `decideLoop` refused, so the member hears exactly what is wrong:
 * - NOT_YOUR_ROLE: the action belongs to the scheduler only, or to members only;
 * - CLOSED: the loop is over and nothing applies any more;
 * - WRONG_STATUS: the action does not apply to a loop in this status (shipping a proposed loop);
 * - ALREADY_ACCEPTED, ALREADY_SHIPPED, ALREADY_RECEIVED: the member's step is done (an
 *   acceptance is done once it comes with a ship-to);
 * - PREVIOUS_NOT_SHIPPED: receipt can be confirmed only for the pair the member before sent;
 * - ALL_SHIPPED: the ship deadline no longer applies once every member shipped;
 * - NOTHING_OVERDUE: no receipt is past its receive-by (each was confirmed meanwhile).
 */
export const LOOP_REFUSAL_REASONS = [
  'NOT_YOUR_ROLE',
  'CLOSED',
  'WRONG_STATUS',
  'ALREADY_ACCEPTED',
  'ALREADY_SHIPPED',
  'ALREADY_RECEIVED',
  'PREVIOUS_NOT_SHIPPED',
  'ALL_SHIPPED',
  'NOTHING_OVERDUE',
] as const;
export type LoopRefusalReason = (typeof LOOP_REFUSAL_REASONS)[number];

export interface LoopRefusal extends Refusal<LoopRefusalReason> {
  status: LoopStatus;
  action: LoopMachineAction;
}

interface Rule {
  who: 'member' | 'system';
  /** Why the member at `position` (-1: the scheduler) may not take the action now, or null when they may. */
  refuse?: (s: LoopSnapshot, position: number) => LoopRefusalReason | null;
  apply: (s: LoopSnapshot, position: number, actor: LoopActor) => LoopDecision;
}

const to = (status: LoopStatus, effects: LoopEffect[] = [], escrowStatus?: LoopEscrowStatus): LoopDecision =>
  escrowStatus ? { ok: true, status, escrowStatus, effects } : { ok: true, status, effects };
/** Refuses with `reason` when `refused` holds. */
const unless = (refused: boolean, reason: LoopRefusalReason): LoopRefusalReason | null => (refused ? reason : null);
const previous = (s: LoopSnapshot, position: number) => (position - 1 + s.members.length) % s.members.length;
/** The members whose incoming leg the system confirms: shipped, past its receive-by, not confirmed. */
const dueReceipts = (s: LoopSnapshot) =>
  s.members.flatMap((m, i) => (m.receiptOverdue && !m.received && s.members[previous(s, i)]!.shipped ? [i] : []));
const allOthers = (s: LoopSnapshot, position: number, done: (m: LoopMemberState) => boolean) => s.members.every((m, i) => i === position || done(m));

const TRANSITIONS: Partial<Record<LoopStatus, Partial<Record<LoopMachineAction, Rule>>>> = {
  proposed: {
    accept: {
      who: 'member',
      // A member who accepted without a ship-to accepts again with one.
      refuse: (s, p) => unless(s.members[p]!.accepted && s.members[p]!.shipToChosen, 'ALREADY_ACCEPTED'),
      // The last acceptance locks every pair of the loop at once, once every member has a ship-to
      // (the acceptance's own, chosen with it, counts: loop-transition.ts records it first).
      apply: (s, p, actor) =>
        (s.members[p]!.shipToChosen || (actor !== 'system' && actor.bringsShipTo === true)) && allOthers(s, p, (m) => m.accepted && m.shipToChosen)
          ? to('active', ['recordAcceptance', 'lockEscrow'], 'locked')
          : to('proposed', ['recordAcceptance']),
    },
    // Nothing is locked yet, so any member may still walk away, even after accepting.
    decline: { who: 'member', apply: () => to('declined') },
    expire: { who: 'system', apply: () => to('expired') },
    // Two of its members now block each other: it ends for everyone, as a decline would.
    block: { who: 'system', apply: () => to('cancelled') },
  },
  active: {
    ship: {
      who: 'member',
      refuse: (s, p) => unless(s.members[p]!.shipped, 'ALREADY_SHIPPED'),
      apply: () => to('active', ['recordShipment']),
    },
    // You can only confirm what the member before you has sent.
    receive: {
      who: 'member',
      refuse: (s, p) => unless(s.members[p]!.received, 'ALREADY_RECEIVED') ?? unless(!s.members[previous(s, p)]!.shipped, 'PREVIOUS_NOT_SHIPPED'),
      apply: (s, p) =>
        allOthers(s, p, (m) => m.received)
          ? to('completed', ['recordReceipt', 'releaseEscrow', 'transferOwnership'], 'released')
          : to('active', ['recordReceipt']),
    },
    dispute: { who: 'member', apply: () => to('disputed', ['recordDispute', 'refundEscrow'], 'refunded') },
    // Once everyone has shipped the deadline is met and no longer applies.
    'ship-deadline': {
      who: 'system',
      refuse: (s) =>
        unless(
          s.members.every((m) => m.shipped),
          'ALL_SHIPPED',
        ),
      apply: () => to('cancelled', ['refundEscrow'], 'refunded'),
    },
    // Received means received: a leg nobody confirms or disputes by its receive-by is confirmed by
    // the system. A disputed loop is closed, so this never applies to it.
    'auto-receive': {
      who: 'system',
      refuse: (s) => unless(dueReceipts(s).length === 0, 'NOTHING_OVERDUE'),
      apply: (s) => {
        const due = dueReceipts(s);
        return s.members.every((m, i) => m.received || due.includes(i))
          ? to('completed', ['recordOverdueReceipts', 'releaseEscrow', 'transferOwnership'], 'released')
          : to('active', ['recordOverdueReceipts']);
      },
    },
  },
  // completed, declined, expired, cancelled and disputed are terminal.
};

/**
 * The loop's deadlines, as the one deadline sweep reads them: a proposed loop not accepted by
 * everyone in time (or holding a pair that left the market) expires; an active loop a member has
 * not shipped in time is cancelled and refunded ('ship-deadline').
 */
export const LOOP_DEADLINE_ACTIONS = {
  proposed: 'expire',
  // Which of the two is due is named by the sweep's query (listLoopsPastDeadline).
  active: ['ship-deadline', 'auto-receive'],
} as const satisfies Partial<Record<LoopStatus, LoopSystemAction | readonly LoopSystemAction[]>>;

/** Statuses no transition leaves. */
export const CLOSED_LOOP_STATUSES: readonly LoopStatus[] = ['completed', 'declined', 'expired', 'cancelled', 'disputed'];

const isClosed = (status: LoopStatus) => CLOSED_LOOP_STATUSES.includes(status);

/** Why `actor` may not take `action` on a loop in state `s`, or null when they may. */
function refusalReason(s: LoopSnapshot, actor: LoopActor, action: LoopMachineAction): LoopRefusalReason | null {
  const rule = TRANSITIONS[s.status]?.[action];
  if (!rule) return isClosed(s.status) ? 'CLOSED' : 'WRONG_STATUS';
  if (actor === 'system') return rule.who === 'system' ? (rule.refuse?.(s, -1) ?? null) : 'NOT_YOUR_ROLE';
  const isMember = Number.isInteger(actor.position) && actor.position >= 0 && actor.position < s.members.length;
  if (rule.who !== 'member' || !isMember) return 'NOT_YOUR_ROLE';
  return rule.refuse?.(s, actor.position) ?? null;
}

/** What `action` by `actor` does to a loop in state `snapshot`, or why it is refused; never throws. */
export function decideLoop(snapshot: LoopSnapshot, actor: LoopActor, action: LoopMachineAction): LoopDecision | LoopRefusal {
  const reason = refusalReason(snapshot, actor, action);
  if (reason !== null) return { ok: false, reason, status: snapshot.status, action };
  return TRANSITIONS[snapshot.status]![action]!.apply(snapshot, actor === 'system' ? -1 : actor.position, actor);
}

/** The actions the member at `position` may take now, in LOOP_ACTIONS order (none for a non-member). */
export function allowedLoopActions(snapshot: LoopSnapshot, position: number | null): LoopAction[] {
  if (position === null) return [];
  return LOOP_ACTIONS.filter((action) => refusalReason(snapshot, { position }, action) === null);
}
