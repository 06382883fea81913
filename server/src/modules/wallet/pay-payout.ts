import type { Payout } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { decidePayout, moneyCallKey } from './money.machine';
import { payoutProviderFor, type PayoutResult } from './payout-provider';
import { findPayout, updatePayoutFrom, type PayoutRow } from './payouts.repository';
import { insertWalletMovement } from './wallet.repository';
import { withinTimeout } from './cash-call';

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
  if (payout.status !== 'requested') return payout;
  const provider = payoutProviderFor(ctx);
  const key = moneyCallKey('payout', payout.id);
  let answer: PayoutResult;
  try {
    const made = options.justRequested
      ? null
      : await withinTimeout(provider.findTransfer({ payoutId: payout.id, destination: payout.destination, createdAt: payout.createdAt }, key));
    answer = made
      ? { providerRef: made.providerRef, status: 'paid', failureMessage: null }
      : await withinTimeout(provider.payout({ payoutId: payout.id, amountCents: payout.amountCents, destination: payout.destination }, key));
  } catch {
    // No answer: nothing is known, so nothing is applied. The job asks again under the same key.
    return payout;
  }

  const decision = decidePayout('requested', answer.status === 'paid' ? 'payout_succeeded' : 'payout_failed');
  if (!decision.ok) throw new Error(decision.message);
  const at = ctx.now();
  const applied = await ctx.db.transaction(async (tx) => {
    const row = await updatePayoutFrom(tx, payout.id, 'requested', {
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
}
