import { INSPECTION_ACTIONS } from '@soleswap/contracts/inspection';
import type { ForwardedTo, InspectionAction, InspectionStatus } from '@soleswap/contracts/inspection';
import type { Decision, Refusal as MachineRefusal } from '../../machines/machine';

/**
 * One pair's lifecycle at the authentication centre (docs/rules/inspection.md) as one pure table,
 * shaped like every lifecycle (machines/machine.ts): `decide` answers a decision or a refusal with
 * its reason, and `allowedActions` asks the same table. inspection-transition.ts runs it through
 * the one transition runner.
 */

/** Who acts: an inspector (or an admin working the queue), the member the pair is going to, or the scheduler. */
export type InspectionActor = 'inspector' | 'recipient' | 'system';

/** Transitions only the scheduler applies (the deadline sweep); never offered to people. */
export type InspectionSystemAction = 'expire' | 'answer-deadline';
export type InspectionMachineAction = InspectionAction | InspectionSystemAction;

/**
 * Where the trade stands, as this pair's rules need it: `open` while it is accepted, `ended` once
 * it is over without completing (the pairs go back to their owners), `completed` when an admin
 * resolved its dispute as completed (the pairs go on to their new owners), `held` while disputed.
 */
export type TradeStanding = 'open' | 'ended' | 'completed' | 'held';

export interface InspectionSnapshot {
  status: InspectionStatus;
  trade: TradeStanding;
  /** The other pair of the same trade. */
  otherStatus: InspectionStatus;
}

export type InspectionEffect =
  | 'recordArrival'
  | 'recordVerdict'
  | 'recordMemberAnswer'
  | 'recordForward'
  /** The trade fails through the trade machine: cancelled, escrow refunded (custody-fail). */
  | 'failTrade'
  /** The trade completes through the trade machine: ownership moves, escrow released (custody-complete). */
  | 'completeTrade';

export interface InspectionDecision extends Decision<InspectionStatus, InspectionEffect> {
  /** Set by 'forward': on to the other member, or back to the owner. */
  forwardedTo?: ForwardedTo;
}

/**
 * Why `decide` refused:
 * - NOT_YOUR_ROLE: the action belongs to another actor (a member judging a pair, an inspector answering for the member);
 * - CLOSED: the pair was forwarded or its inspection cancelled; nothing applies any more;
 * - WRONG_STATUS: the action does not apply to a pair in this status (passing a pair not received yet);
 * - TRADE_NOT_OPEN: the trade is no longer accepted (disputed, or ended): the pair is not judged or sent on now;
 * - OTHER_PAIR_NOT_PASSED: a passed pair goes on only once the other pair has passed too, so nobody holds both;
 * - TRADE_ENDED: the trade is over; the pair can only go back to its owner.
 */
export const INSPECTION_REFUSAL_REASONS = [
  'NOT_YOUR_ROLE',
  'CLOSED',
  'WRONG_STATUS',
  'TRADE_NOT_OPEN',
  'OTHER_PAIR_NOT_PASSED',
  'TRADE_ENDED',
] as const;
export type InspectionRefusalReason = (typeof INSPECTION_REFUSAL_REASONS)[number];

export interface InspectionRefusal extends MachineRefusal<InspectionRefusalReason> {
  status: InspectionStatus;
  action: InspectionMachineAction;
}

/** The deadlines the one sweep applies: a pair that never arrives, a quality issue nobody answers. */
export const INSPECTION_DEADLINE_ACTIONS = {
  awaiting_arrival: 'expire',
  quality_issue: 'answer-deadline',
} as const satisfies Partial<Record<InspectionStatus, InspectionSystemAction>>;

export const CLOSED_INSPECTION_STATUSES: readonly InspectionStatus[] = ['forwarded', 'cancelled'];

interface Rule {
  roles: readonly InspectionActor[];
  apply: (s: InspectionSnapshot) => InspectionDecision | InspectionRefusalReason;
}

const to = (status: InspectionStatus, effects: InspectionEffect[], forwardedTo?: ForwardedTo): InspectionDecision =>
  forwardedTo ? { ok: true, status, effects, forwardedTo } : { ok: true, status, effects };

const PASSED: readonly InspectionStatus[] = ['passed', 'forwarded'];

/** Judging needs an open trade: a trade that ended sends the pair back; a held one waits. */
const whileOpen = (s: InspectionSnapshot, decision: InspectionDecision): InspectionDecision | InspectionRefusalReason =>
  s.trade === 'open' ? decision : s.trade === 'ended' ? 'TRADE_ENDED' : 'TRADE_NOT_OPEN';

/**
 * A pair the trade no longer waits for: back to its owner once the trade ended, on to its new owner
 * once an admin ruled the swap complete; a disputed trade keeps it at the centre.
 */
const returnToOwner = (s: InspectionSnapshot): InspectionDecision | InspectionRefusalReason => {
  if (s.trade === 'ended') return to('forwarded', ['recordForward'], 'owner');
  if (s.trade === 'completed') return to('forwarded', ['recordForward'], 'recipient');
  return 'TRADE_NOT_OPEN';
};

const FORWARD_PASSED: Rule = {
  roles: ['inspector'],
  apply: (s) => {
    if (s.trade !== 'open') return returnToOwner(s);
    if (!PASSED.includes(s.otherStatus)) return 'OTHER_PAIR_NOT_PASSED';
    // The second pair forwarded completes the trade.
    return to('forwarded', s.otherStatus === 'forwarded' ? ['recordForward', 'completeTrade'] : ['recordForward'], 'recipient');
  },
};

const TRANSITIONS: Partial<Record<InspectionStatus, Partial<Record<InspectionMachineAction, Rule>>>> = {
  awaiting_arrival: {
    receive: { roles: ['inspector'], apply: () => to('received', ['recordArrival']) },
    // Not at the centre in time: the trade fails (or, already over, the inspection simply closes).
    expire: { roles: ['system'], apply: () => to('cancelled', ['failTrade']) },
  },
  received: {
    pass: { roles: ['inspector'], apply: (s) => whileOpen(s, to('passed', ['recordVerdict'])) },
    fail: { roles: ['inspector'], apply: (s) => whileOpen(s, to('failed', ['recordVerdict', 'failTrade'])) },
    'quality-issue': { roles: ['inspector'], apply: (s) => whileOpen(s, to('quality_issue', ['recordVerdict'])) },
    forward: { roles: ['inspector'], apply: returnToOwner },
  },
  quality_issue: {
    'accept-issue': { roles: ['recipient'], apply: (s) => whileOpen(s, to('passed', ['recordMemberAnswer'])) },
    'decline-issue': { roles: ['recipient'], apply: () => to('failed', ['recordMemberAnswer', 'failTrade']) },
    'answer-deadline': { roles: ['system'], apply: () => to('failed', ['recordMemberAnswer', 'failTrade']) },
    forward: { roles: ['inspector'], apply: returnToOwner },
  },
  passed: { forward: FORWARD_PASSED },
  // A failed pair goes back to its owner.
  failed: {
    forward: { roles: ['inspector'], apply: (s) => (s.trade === 'completed' ? returnToOwner(s) : to('forwarded', ['recordForward'], 'owner')) },
  },
  // forwarded and cancelled are terminal.
};

/** Who takes each action, in every status: the inspector's steps, the member's answers, the scheduler's deadlines. */
const ACTION_ROLES: Record<InspectionMachineAction, InspectionActor> = {
  receive: 'inspector',
  pass: 'inspector',
  fail: 'inspector',
  'quality-issue': 'inspector',
  forward: 'inspector',
  'accept-issue': 'recipient',
  'decline-issue': 'recipient',
  expire: 'system',
  'answer-deadline': 'system',
};

const asRoles = (role: InspectionActor | readonly InspectionActor[]): readonly InspectionActor[] => (typeof role === 'string' ? [role] : role);

/** What `action` by these roles does to a pair in state `s`, or why not; never throws. */
export function decideInspection(
  s: InspectionSnapshot,
  role: InspectionActor | readonly InspectionActor[],
  action: InspectionMachineAction,
): InspectionDecision | InspectionRefusal {
  const refusal = (reason: InspectionRefusalReason): InspectionRefusal => ({ ok: false, reason, status: s.status, action });
  // Whose action it is does not depend on the pair's status: a member never judges, whatever the moment.
  if (!asRoles(role).includes(ACTION_ROLES[action])) return refusal('NOT_YOUR_ROLE');
  const rule = TRANSITIONS[s.status]?.[action];
  if (!rule) return refusal(CLOSED_INSPECTION_STATUSES.includes(s.status) ? 'CLOSED' : 'WRONG_STATUS');
  if (!asRoles(role).some((r) => rule.roles.includes(r))) return refusal('NOT_YOUR_ROLE');
  const verdict = rule.apply(s);
  return typeof verdict === 'string' ? refusal(verdict) : verdict;
}

/** The actions the caller may take now, in INSPECTION_ACTIONS order, from the same table. */
export function allowedInspectionActions(s: InspectionSnapshot, role: InspectionActor | readonly InspectionActor[]): InspectionAction[] {
  return INSPECTION_ACTIONS.filter((action) => decideInspection(s, role, action).ok);
}

/** The standing of a trade in this status, for the pair's rules. */
export function tradeStandingOf(tradeStatus: string): TradeStanding {
  if (tradeStatus === 'accepted') return 'open';
  if (tradeStatus === 'completed') return 'completed';
  if (tradeStatus === 'disputed') return 'held';
  return 'ended';
}

/**
 * The roles a signed-in user holds on a pair: the member it is going to, or an inspector (an
 * inspector or admin) who is not a party of the trade, so nobody judges their own pairs or the
 * pairs coming to them.
 */
export function inspectionRolesOf(pair: { ownerId: string; recipientId: string }, user: { id: string; role: string }): InspectionActor[] {
  if (pair.recipientId === user.id) return ['recipient'];
  if (pair.ownerId === user.id) return [];
  return isInspector(user) ? ['inspector'] : [];
}

/** Inspectors and admins work the queue (docs/rules/roles.md#inspectors). */
export const isInspector = (user: { role: string }): boolean => user.role === 'inspector' || user.role === 'admin';
