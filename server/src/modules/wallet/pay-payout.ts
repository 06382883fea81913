import type { Payout } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { runProviderStep, skip } from '../payments/provider-step';
import { decidedOrThrow, decidePayout, moneyCallKey } from './money.machine';
import { moneyProviderFor } from '../payments/payment-providers';
import type { PayoutResult } from '../payments/money-provider';
import { findPayout, updatePayoutFrom, type PayoutRow } from './payouts.repository';
import { insertWalletMovement } from './wallet.repository';
import { CASH_CALL_TIMEOUT_MS } from './cash-call';

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Steps 2 and 3 of a withdrawal (docs/rules/money.md#a-payout), for a payout committed `requested`
 * with its balance debit: the provider is called with no transaction open, under
 * `moneyCallKey('payout', id)` and the short timeout; its answer is applied in a second transaction
 * `WHERE status = 'requested'` (paid, or failed with a `payout_reversal` entry giving the amount
 * back). No answer (a timeout, an outage) leaves it requested for the `wallet.retry-payouts` job.
 *
 * `justRequested` says this call committed the intent itself, so nothing has asked the provider for
 * it yet. Any other call (the job, a request retried after its process died) may follow a call whose
 * answer was lost, and asks the provider first for the transfer made under the key: found, it is
 * recorded as paid and nothing is paid again; none, the payout is paid. The provider's idempotency
 * alone would not do: Stripe forgets a key after 24 hours.
 *
 * Safe to repeat on any instance: the provider pays once per key, the update is a compare-and-set,
 * and the reversal is one per payout (a unique index).
 */
export async function payPayout(ctx: AppContext, payout: PayoutRow, options: { justRequested?: boolean } = {}): Promise<PayoutRow> {
  const provider = moneyProviderFor(ctx);
  const key = moneyCallKey('payout', payout.id);
  return runProviderStep({
    name: 'pay a payout',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    // The intent (the payout `requested` with its balance debit) was committed by the withdrawal.
    intent: async () => (payout.status === 'requested' ? payout : skip(payout)),
    call: async ({ id: payoutId, destination, createdAt, amountCents }): Promise<PayoutResult> => {
      const made = options.justRequested ? null : await provider.findTransfer({ payoutId, destination, createdAt }, key);
      return made
        ? { providerRef: made.providerRef, status: 'paid', failureMessage: null }
        : await provider.payout({ payoutId, amountCents, destination }, key);
    },
    // No answer: nothing is known, so nothing is applied. The job asks again under the same key.
    unanswered: () => payout,
    apply: async (intent, answer) => {
      const decision = decidedOrThrow(decidePayout(intent.status, answer.status === 'paid' ? 'payout_succeeded' : 'payout_failed'));
      const at = ctx.now();
      const applied = await ctx.db.transaction(async (tx) => {
        const row = await updatePayoutFrom(tx, payout.id, intent.status, {
          status: decision.status,
          providerRef: answer.providerRef,
          failureMessage: answer.failureMessage,
          at,
        });
        if (row?.status === 'failed') {
          await insertWalletMovement(tx, { userId: row.userId, kind: 'payout_reversal', amountCents: row.amountCents, payoutId: row.id, at });
        }
        return row;
      });
      return applied ?? (await findPayout(ctx.db, payout.id)) ?? payout;
    },
  });
}
