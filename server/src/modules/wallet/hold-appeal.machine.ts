import { HOLD_APPEAL_ACTIONS, type HoldAppealAction, type HoldAppealStatus } from '@soleswap/contracts/hold-appeals';
import type { HoldCaptureReason } from '@soleswap/contracts/wallet';
import type { Decision, Refusal as MachineRefusal } from '../../machines/machine';

/**
 * An appeal of a captured protection hold (docs/rules/money.md#appealing-a-capture) as one pure
 * table, shaped like every lifecycle (machines/machine.ts, decision 011): `decide` answers a decision
 * or a refusal with its reason, `allowedHoldAppealActions` asks the same table. A capture without an
 * appeal is `none`; the member whose pair failed files one (`open`); an admin reverses the capture
 * (`reversed`: the hold goes back) or upholds it (`upheld`). A ruling sent again is a replay: nothing
 * moves twice.
 */

/** Who acts on a capture: the member whose hold it was, the member it was paid to, an admin. */
export type HoldAppealRole = 'owner' | 'other' | 'admin';
export type HoldAppealMachineAction = 'file' | HoldAppealAction;
export type HoldAppealState = 'none' | HoldAppealStatus;

export interface HoldAppealSnapshot {
  status: HoldAppealState;
  /** Why the hold was captured: only a pair that failed authentication is appealed. */
  captureReason: HoldCaptureReason;
  /** Still within HOLD_APPEAL_DAYS of the capture (filing only). */
  isWithinWindow: boolean;
}

export type HoldAppealEffect =
  /** The appeal row is written with the member's reason. */
  | 'recordAppeal'
  /** The hold goes back: the owner's wallet is credited, the other's debited (at most its balance), the ledger told. */
  | 'reverseCapture'
  /** The admin's note and who ruled. */
  | 'recordRuling';

export type HoldAppealDecision = Decision<HoldAppealStatus, HoldAppealEffect>;

/**
 * Why `decide` refused:
 * - NOT_YOUR_ROLE: filing is the owner's of the failed pair, a ruling an admin's;
 * - NOT_APPEALABLE: the hold was captured for a missed ship deadline or a lost dispute, not a failed pair;
 * - TOO_LATE: more than HOLD_APPEAL_DAYS after the capture;
 * - ALREADY_FILED: one appeal per capture;
 * - NOT_FILED: nothing to rule on;
 * - ALREADY_RULED: the appeal was ruled the other way.
 */
export const HOLD_APPEAL_REFUSAL_REASONS = ['NOT_YOUR_ROLE', 'NOT_APPEALABLE', 'TOO_LATE', 'ALREADY_FILED', 'NOT_FILED', 'ALREADY_RULED'] as const;
export type HoldAppealRefusalReason = (typeof HOLD_APPEAL_REFUSAL_REASONS)[number];

export interface HoldAppealRefusal extends MachineRefusal<HoldAppealRefusalReason> {
  status: HoldAppealState;
  action: HoldAppealMachineAction;
}

const refuse = (reason: HoldAppealRefusalReason, s: HoldAppealSnapshot, action: HoldAppealMachineAction): HoldAppealRefusal => ({
  ok: false,
  reason,
  status: s.status,
  action,
});

const RULED: Record<HoldAppealAction, HoldAppealStatus> = { reverse: 'reversed', uphold: 'upheld' };

/** What `action` by someone holding `roles` does to the capture's appeal; never throws. */
export function decideHoldAppeal(
  s: HoldAppealSnapshot,
  roles: readonly HoldAppealRole[],
  action: HoldAppealMachineAction,
): HoldAppealDecision | HoldAppealRefusal {
  if (action === 'file') {
    if (!roles.includes('owner')) return refuse('NOT_YOUR_ROLE', s, action);
    if (s.status !== 'none') return refuse('ALREADY_FILED', s, action);
    if (s.captureReason !== 'failed_authentication') return refuse('NOT_APPEALABLE', s, action);
    if (!s.isWithinWindow) return refuse('TOO_LATE', s, action);
    return { ok: true, status: 'open', effects: ['recordAppeal'] };
  }
  if (!roles.includes('admin')) return refuse('NOT_YOUR_ROLE', s, action);
  const to = RULED[action];
  if (s.status === to) return { ok: true, status: to, effects: [], changed: false };
  if (s.status === 'none') return refuse('NOT_FILED', s, action);
  if (s.status !== 'open') return refuse('ALREADY_RULED', s, action);
  return { ok: true, status: to, effects: action === 'reverse' ? ['reverseCapture', 'recordRuling'] : ['recordRuling'] };
}

/** The rulings that would change this appeal now for someone holding `roles` (what the admin's buttons offer). */
export function allowedHoldAppealActions(s: HoldAppealSnapshot, roles: readonly HoldAppealRole[]): HoldAppealAction[] {
  return HOLD_APPEAL_ACTIONS.filter((action) => {
    const verdict = decideHoldAppeal(s, roles, action);
    return verdict.ok && verdict.changed !== false;
  });
}

/**
 * How much of a reversed hold comes back from the member it was paid to, and how much the platform
 * pays: at most their balance now (they may have withdrawn it or spent it on a trade), never below
 * zero; the platform pays the rest, so the owner always gets the whole hold back and no money is
 * made or lost (docs/rules/money.md#appealing-a-capture).
 */
export function splitReversal(amountCents: number, payeeBalanceCents: number): { takenBackCents: number; platformCents: number } {
  const takenBackCents = Math.max(0, Math.min(amountCents, payeeBalanceCents));
  return { takenBackCents, platformCents: amountCents - takenBackCents };
}
