import { AUTHORIZATION_EVENTS } from '@soleswap/contracts/wallet';
import { refusalError, type Decision, type Refusal, type RefusalAnswers } from '../../machines/machine';
import { providerKey } from '../payments/provider-step';
import type {
  AuthorizationEvent,
  AuthorizationPurpose,
  AuthorizationStatus,
  MoneyRefusal,
  PayoutEvent,
  PayoutStatus,
} from '@soleswap/contracts/wallet';

/**
 * The life of money in a trade, as two pure tables beside the trade machine (docs/rules/money.md):
 *
 * - an authorization: requested → authorized → captured | released | expired (or requested → declined);
 * - a payout: requested → paid | failed.
 *
 * Services call `decide` before they write, save with `WHERE status = <from>`, and call the provider
 * under `moneyCallKey`, so a retried step is answered by the provider once. A replayed event (the
 * status already reflects it) is accepted and changes nothing: a capture retried after a lost answer
 * never captures twice.
 */

/** Just what the authorization rules read. */
export interface AuthorizationSnapshot {
  status: AuthorizationStatus;
  /** What it holds; the trade's cash when absent. */
  purpose?: AuthorizationPurpose;
  /** The trade the cash belongs to has completed (both sides received). */
  isTradeCompleted?: boolean;
  /** An admin resolved the trade's dispute against the payer, or the payer's pair failed authentication at the centre. */
  isResolvedAgainstPayer?: boolean;
  /** The payer had not shipped when the trade's ship deadline passed (it was cancelled for it). */
  hasPayerMissedShipDeadline?: boolean;
}

/**
 * Whether a capture is due: the trade's cash when the trade completed or a dispute went against the
 * payer; a protection hold only when its payer missed the ship deadline, lost a dispute or had their
 * pair fail authentication (recorded as a resolution against them), never because the trade
 * completed (docs/rules/money.md#protection-holds).
 */
export function isCaptureDue(s: AuthorizationSnapshot): boolean {
  if (s.purpose === 'protection_hold') return Boolean(s.hasPayerMissedShipDeadline || s.isResolvedAgainstPayer);
  return Boolean(s.isTradeCompleted || s.isResolvedAgainstPayer);
}

/** The money machine's verdict: the status the event leads to (`changed: false` for a replay). Money's side work is the provider step's (docs/rules/money.md), so no effects are named. */
export interface MoneyDecision<S extends string> extends Decision<S, never> {
  changed: boolean;
}

/** Why the money machine refused, and what it says. */
export interface MoneyMachineRefusal extends Refusal<MoneyRefusal> {
  message: string;
}

/**
 * How each refusal reaches a caller. A refusal is never a member's doing (services decide only what
 * the provider answered or the trade's ending calls for), so it says the record moved meanwhile.
 */
export const MONEY_REFUSAL_ANSWERS: RefusalAnswers<MoneyMachineRefusal> = {
  MONEY_INVALID_TRANSITION: { code: 'CONFLICT', message: (r) => r.message },
  CAPTURE_NOT_DUE: { code: 'CONFLICT', message: (r) => r.message },
};

interface Rule<S, Snapshot> {
  from: readonly S[];
  to: S;
  replayOn: readonly S[];
  refuse?: (s: Snapshot) => { reason: MoneyRefusal; message: string } | null;
}

const AUTHORIZATION_RULES: Record<AuthorizationEvent, Rule<AuthorizationStatus, AuthorizationSnapshot>> = {
  // The provider held the amount on the payer's card.
  authorize_succeeded: { from: ['requested'], to: 'authorized', replayOn: ['authorized'] },
  // The provider refused the card: nothing is held, and the acceptance that asked fails.
  authorize_declined: { from: ['requested'], to: 'declined', replayOn: ['declined'] },
  // Only when isCaptureDue (a completed trade or a dispute resolved against the payer for cash; a
  // missed ship deadline, a lost dispute or a failed pair for a protection hold); a second capture is a replay.
  capture: {
    from: ['authorized'],
    to: 'captured',
    replayOn: ['captured'],
    refuse: (s) => {
      if (isCaptureDue(s)) return null;
      const message =
        s.purpose === 'protection_hold'
          ? 'A protection hold is captured only when its payer missed the ship deadline, a dispute is resolved against them or their pair failed authentication'
          : 'Cash is captured only when the trade completes or a dispute is resolved against the payer';
      return { reason: 'CAPTURE_NOT_DUE', message };
    },
  },
  // Rejection, cancellation, expiry or a refund resolution. A request never answered is released too,
  // so a late "authorized" from the provider finds nothing to hold and is released at once.
  release: { from: ['requested', 'authorized'], to: 'released', replayOn: ['released', 'declined', 'expired'] },
  // The card network let the authorization lapse (about 7 days): see docs/decisions/010.
  expire: { from: ['authorized'], to: 'expired', replayOn: ['expired'] },
};

const PAYOUT_RULES: Record<PayoutEvent, Rule<PayoutStatus, object>> = {
  payout_succeeded: { from: ['requested'], to: 'paid', replayOn: ['paid'] },
  // The amount goes back to the wallet (a payout_reversal entry).
  payout_failed: { from: ['requested'], to: 'failed', replayOn: ['failed'] },
};

function decideBy<S extends string, Snapshot extends { status: S }, E extends string>(
  rules: Record<E, Rule<S, Snapshot>>,
  what: string,
  snapshot: Snapshot,
  event: E,
): MoneyDecision<S> | MoneyMachineRefusal {
  const rule = rules[event];
  if (rule.replayOn.includes(snapshot.status)) return { ok: true, status: snapshot.status, effects: [], changed: false };
  if (!rule.from.includes(snapshot.status)) {
    return { ok: false, reason: 'MONEY_INVALID_TRANSITION', message: `This ${what} is ${snapshot.status}: it cannot take "${event}"` };
  }
  const refused = rule.refuse?.(snapshot);
  if (refused) return { ok: false, ...refused };
  return { ok: true, status: rule.to, effects: [], changed: true };
}

/** What `event` does to an authorization in state `snapshot`; never throws. */
export function decideAuthorization(
  snapshot: AuthorizationSnapshot,
  event: AuthorizationEvent,
): MoneyDecision<AuthorizationStatus> | MoneyMachineRefusal {
  return decideBy(AUTHORIZATION_RULES, 'authorization', snapshot, event);
}

/** What `event` does to a payout in status `status`; never throws. */
export function decidePayout(status: PayoutStatus, event: PayoutEvent): MoneyDecision<PayoutStatus> | MoneyMachineRefusal {
  return decideBy(PAYOUT_RULES, 'payout', { status }, event);
}

/** The machine's decision, or its refusal thrown as the AppError MONEY_REFUSAL_ANSWERS names (the record moved meanwhile). */
export function decidedOrThrow<S extends string>(verdict: MoneyDecision<S> | MoneyMachineRefusal): MoneyDecision<S> {
  if (!verdict.ok) throw refusalError(MONEY_REFUSAL_ANSWERS, verdict);
  return verdict;
}

/** The events that would change this authorization now, in AUTHORIZATION_EVENTS order: asked of `decide`. */
export function allowedAuthorizationActions(snapshot: AuthorizationSnapshot): AuthorizationEvent[] {
  return AUTHORIZATION_EVENTS.filter((event) => {
    const decision = decideAuthorization(snapshot, event);
    return decision.ok && decision.changed;
  });
}

/** A provider call of the money machine. */
export type MoneyCall = 'authorize' | 'capture' | 'release' | 'payout';

/**
 * The idempotency key of one provider call: it names the record and the step, so a repeat (a retry
 * after a timeout, a crash between the call and its second transaction, two instances racing) is
 * done once by the provider. Nothing random goes in: the key must be the same on every retry.
 */
export function moneyCallKey(call: MoneyCall, recordId: number): string {
  if (!Number.isSafeInteger(recordId) || recordId <= 0) throw new RangeError(`A money record id must be a positive integer, got ${recordId}`);
  return providerKey(call, call === 'payout' ? 'payout' : 'auth', recordId);
}
