import { LOOP_ACTIONS } from '@soleswap/contracts/loops';
import type { LoopAction, LoopStatus } from '@soleswap/contracts/loops';

/**
 * The loop-trade lifecycle as one pure table, like trade.machine.ts for two-member trades.
 * Services call `decide` before they write and answer every loop with `allowedActions` from the
 * same table, so the UI offers exactly what the server accepts.
 *
 * A loop is all-or-nothing: it only locks escrow once every member has accepted, it only
 * completes (and moves ownership) once every member has received, and one member's decline,
 * dispute or missed deadline ends it for everyone.
 */

/** Transitions only the system applies (the scheduler, or a block between two members). */
export const LOOP_SYSTEM_ACTIONS = ['expire', 'ship-deadline', 'block'] as const;
export type LoopSystemAction = (typeof LOOP_SYSTEM_ACTIONS)[number];
export type LoopMachineAction = LoopAction | LoopSystemAction;

/** A member acts by their position in the loop (they give leg `position`); or the scheduler. */
export type LoopActor = { position: number } | 'system';

/** Member i gives leg i to member i + 1 and receives leg i - 1 from member i - 1. */
export interface LoopMemberState {
  accepted: boolean;
  /** Their outgoing leg is shipped. */
  shipped: boolean;
  /** They confirmed their incoming leg arrived. */
  received: boolean;
}

export interface LoopSnapshot {
  status: LoopStatus;
  members: readonly LoopMemberState[];
}

export type LoopEffect =
  | 'recordAcceptance'
  | 'lockEscrow'
  | 'recordDecline'
  | 'recordShipment'
  | 'recordReceipt'
  | 'releaseEscrow'
  | 'transferOwnership'
  | 'refundEscrow'
  | 'recordDispute';

export type LoopEscrowStatus = 'pending' | 'locked' | 'released' | 'refunded';

export interface LoopDecision {
  status: LoopStatus;
  /** Present only when the escrow status changes. */
  escrowStatus?: LoopEscrowStatus;
  effects: LoopEffect[];
}

/** Thrown when the action is not allowed for this actor in this state; the server maps it to 409. */
export class LoopTransitionError extends Error {
  readonly code = 'TRADE_INVALID_TRANSITION';
  override name = 'LoopTransitionError';
}

interface Rule {
  who: 'member' | 'system';
  guard?: (s: LoopSnapshot, position: number) => boolean;
  apply: (s: LoopSnapshot, position: number) => LoopDecision;
}

const to = (status: LoopStatus, effects: LoopEffect[] = [], escrowStatus?: LoopEscrowStatus): LoopDecision =>
  escrowStatus ? { status, escrowStatus, effects } : { status, effects };
const previous = (s: LoopSnapshot, position: number) => (position - 1 + s.members.length) % s.members.length;
const allOthers = (s: LoopSnapshot, position: number, done: (m: LoopMemberState) => boolean) => s.members.every((m, i) => i === position || done(m));

const TRANSITIONS: Partial<Record<LoopStatus, Partial<Record<LoopMachineAction, Rule>>>> = {
  proposed: {
    accept: {
      who: 'member',
      guard: (s, p) => !s.members[p]!.accepted,
      // The last acceptance locks every pair of the loop at once.
      apply: (s, p) =>
        allOthers(s, p, (m) => m.accepted) ? to('active', ['recordAcceptance', 'lockEscrow'], 'locked') : to('proposed', ['recordAcceptance']),
    },
    // Nothing is locked yet, so any member may still walk away, even after accepting.
    decline: { who: 'member', apply: () => to('declined', ['recordDecline']) },
    expire: { who: 'system', apply: () => to('expired') },
    // Two of its members now block each other: it ends for everyone, as a decline would.
    block: { who: 'system', apply: () => to('cancelled') },
  },
  active: {
    ship: {
      who: 'member',
      guard: (s, p) => !s.members[p]!.shipped,
      apply: () => to('active', ['recordShipment']),
    },
    // You can only confirm what the member before you has sent.
    receive: {
      who: 'member',
      guard: (s, p) => !s.members[p]!.received && s.members[previous(s, p)]!.shipped,
      apply: (s, p) =>
        allOthers(s, p, (m) => m.received)
          ? to('completed', ['recordReceipt', 'releaseEscrow', 'transferOwnership'], 'released')
          : to('active', ['recordReceipt']),
    },
    dispute: { who: 'member', apply: () => to('disputed', ['recordDispute', 'refundEscrow'], 'refunded') },
    // Once everyone has shipped the deadline is met and no longer applies.
    'ship-deadline': {
      who: 'system',
      guard: (s) => s.members.some((m) => !m.shipped),
      apply: () => to('cancelled', ['refundEscrow'], 'refunded'),
    },
  },
  // completed, declined, expired, cancelled and disputed are terminal.
};

/** Statuses no transition leaves. */
export const CLOSED_LOOP_STATUSES: readonly LoopStatus[] = ['completed', 'declined', 'expired', 'cancelled', 'disputed'];

function mayAct(rule: Rule | undefined, s: LoopSnapshot, actor: LoopActor): boolean {
  if (!rule) return false;
  if (actor === 'system') return rule.who === 'system' && (rule.guard?.(s, -1) ?? true);
  const isMember = Number.isInteger(actor.position) && actor.position >= 0 && actor.position < s.members.length;
  return rule.who === 'member' && isMember && (rule.guard?.(s, actor.position) ?? true);
}

/** What `action` by `actor` does to a loop in state `snapshot`; throws LoopTransitionError when not allowed. */
export function decideLoop(snapshot: LoopSnapshot, actor: LoopActor, action: LoopMachineAction): LoopDecision {
  const rule = TRANSITIONS[snapshot.status]?.[action];
  if (!rule || !mayAct(rule, snapshot, actor)) {
    const who = actor === 'system' ? 'the scheduler' : `member ${actor.position + 1}`;
    throw new LoopTransitionError(`Cannot ${action} a ${snapshot.status} loop as ${who}`);
  }
  return rule.apply(snapshot, actor === 'system' ? -1 : actor.position);
}

/** The actions the member at `position` may take now, in LOOP_ACTIONS order (none for a non-member). */
export function allowedLoopActions(snapshot: LoopSnapshot, position: number | null): LoopAction[] {
  if (position === null) return [];
  const rules = TRANSITIONS[snapshot.status] ?? {};
  return LOOP_ACTIONS.filter((action) => mayAct(rules[action], snapshot, { position }));
}
