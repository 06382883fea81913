import type { Payout } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { IDEMPOTENCY_TTL_MS } from '../../http/idempotency';
import { debitWallet } from './debit-wallet';
import { payPayout, toPayout } from './pay-payout';
import { moneyProviderFor } from '../payments/payment-providers';
import { payoutDestinationOf } from './payout-destination';
import { findPayoutOfRequest, insertRequestedPayout, releasePayoutRequestKey } from './payouts.repository';

/**
 * A member withdraws part of their balance (docs/rules/money.md#a-payout):
 *
 * 1. the intent is committed in one transaction: a `requested` payout and its `payout` entry
 *    debiting the balance; one that would overdraw is refused by the balance's CHECK
 *    (409 INSUFFICIENT_BALANCE) and nothing is written;
 * 2. the provider is called outside any transaction (pay-payout.ts);
 * 3. its answer is applied in a second transaction: paid, or failed with the amount given back.
 *
 * `requestKey` is the request's Idempotency-Key, kept on the payout. A retry of a request whose
 * process died after step 1 (its key's claim abandoned, so the retry runs the work again) finds the
 * payout that request made and finishes it, asking the provider first whether it already paid:
 * one payout, one debit, one transfer. A key reused once its answer has expired (24 hours) is a new
 * request: the old payout lets go of it.
 *
 * The answer is the payout as it stands: `requested` when the provider did not answer in time (the
 * `wallet.retry-payouts` job finishes it), `paid`, or `failed` with the provider's words.
 * The money goes to the member's destination (payout-destination.ts): with Stripe configured, their
 * Stripe Connect account; in the sandbox, the bank account they gave (its token names it on the
 * payout). A member without one is refused (409 PAYOUT_ACCOUNT_MISSING) before anything moves.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  input: { memberId: string; amountCents: number; requestKey: string | null },
): Promise<Payout> {
  const earlier = input.requestKey ? await findPayoutOfRequest(ctx.db, input.memberId, input.requestKey) : null;
  const answerExpiredBefore = ctx.now().getTime() - IDEMPOTENCY_TTL_MS;
  if (earlier && earlier.createdAt.getTime() > answerExpiredBefore) return toPayout(await payPayout(ctx, earlier));

  const provider = moneyProviderFor(ctx);
  const destination = await payoutDestinationOf(ctx, input.memberId, provider.needsAccount);
  if (!destination) {
    throw new AppError(
      'PAYOUT_ACCOUNT_MISSING',
      provider.needsAccount
        ? 'Withdrawals are paid to a connected Stripe account, and yours is not set up.'
        : 'Add the bank account your withdrawal goes to first.',
    );
  }
  const at = ctx.now();
  const intent = await ctx.db.transaction(async (tx) => {
    if (earlier) await releasePayoutRequestKey(tx, earlier.id);
    const payout = await insertRequestedPayout(tx, {
      userId: input.memberId,
      amountCents: input.amountCents,
      provider: provider.name,
      destination,
      requestKey: input.requestKey,
      at,
    });
    if (payout) await debitWallet(tx, { userId: input.memberId, kind: 'payout', amountCents: input.amountCents, payoutId: payout.id, at });
    return payout;
  });
  if (intent) return toPayout(await payPayout(ctx, intent, { justRequested: true }));
  // A retry of the same request made it meanwhile (its claim was taken over while this one was slow).
  const theirs = await findPayoutOfRequest(ctx.db, input.memberId, input.requestKey!);
  if (!theirs) throw new Error('A payout of this Idempotency-Key was made and is gone');
  return toPayout(await payPayout(ctx, theirs));
}
