import type { Payout } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { debitWallet } from './debit-wallet';
import { payPayout, toPayout } from './pay-payout';
import { payoutProviderFor } from './payout-provider';
import { findPayoutAccountId, insertRequestedPayout } from './payouts.repository';

/**
 * A member withdraws part of their balance (docs/rules/money.md#a-payout):
 *
 * 1. the intent is committed in one transaction: a `requested` payout and its `payout` entry
 *    debiting the balance; one that would overdraw is refused by the balance's CHECK
 *    (409 INSUFFICIENT_BALANCE) and nothing is written;
 * 2. the provider is called outside any transaction (pay-payout.ts);
 * 3. its answer is applied in a second transaction: paid, or failed with the amount given back.
 *
 * The answer is the payout as it stands: `requested` when the provider did not answer in time (the
 * `wallet.retry-payouts` job finishes it), `paid`, or `failed` with the provider's words.
 * With Stripe configured, the money goes to the member's Stripe Connect account: a member without one
 * is refused (409 PAYOUT_ACCOUNT_MISSING) before anything moves.
 */
export async function requestWithdrawal(ctx: AppContext, input: { memberId: string; amountCents: number }): Promise<Payout> {
  const provider = payoutProviderFor(ctx);
  const destination = provider.needsAccount ? await findPayoutAccountId(ctx.db, input.memberId) : null;
  if (provider.needsAccount && !destination) {
    throw new AppError('PAYOUT_ACCOUNT_MISSING', 'Withdrawals are paid to a connected Stripe account, and yours is not set up.');
  }
  const at = ctx.now();
  const intent = await ctx.db.transaction(async (tx) => {
    const payout = await insertRequestedPayout(tx, {
      userId: input.memberId,
      amountCents: input.amountCents,
      provider: provider.name,
      destination,
      at,
    });
    await debitWallet(tx, { userId: input.memberId, kind: 'payout', amountCents: input.amountCents, payoutId: payout.id, at });
    return payout;
  });
  return toPayout(await payPayout(ctx, intent));
}
