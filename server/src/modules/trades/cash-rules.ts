import type { CashCard, CashSource } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { moneyProviderFor } from '../payments/payment-providers';
import { refuseUnlessBalanceCovers } from '../wallet/hold-trade-cash-in-wallet';
import { NEED_CARD, paymentMethodAtAcceptance, walletInsteadOfCard } from '../wallet/payment-method';

/**
 * A proposal or counter-offer whose proposer adds cash or owes a protection hold carries the
 * proposer's card: it is checked and kept as a payment method (never the number), authorized when
 * the other side accepts. Without either, no card is asked for and none is kept. With
 * `cashSource: 'wallet'` the proposer's cash and protection hold come from their wallet balance
 * instead (which must cover both now, and is debited at acceptance).
 */
export async function paymentMethodOfProposer(
  ctx: AppContext,
  input: { proposerCashCents: number; proposerHoldCents: number; cashCard?: CashCard; cashSource?: CashSource },
  proposerId: string,
): Promise<string | null> {
  if (input.proposerCashCents === 0 && input.proposerHoldCents === 0) return null;
  if (input.cashSource === 'wallet') {
    const method = walletInsteadOfCard(input.cashCard);
    await refuseUnlessBalanceCovers(ctx, { memberId: proposerId, amountCents: input.proposerCashCents + input.proposerHoldCents });
    return method;
  }
  if (!input.cashCard) throw new AppError('VALIDATION_FAILED', NEED_CARD, { fields: { cashCard: NEED_CARD } });
  return moneyProviderFor(ctx).paymentMethodFor(input.cashCard);
}

/**
 * The receiver's card (or their wallet, with `cashSource: 'wallet'`), asked for at acceptance when the
 * receiver's side carries the cash or owes a hold; both are paid the same way (the rule loops share:
 * wallet/payment-method.ts).
 */
export function paymentMethodOfReceiver(ctx: AppContext, cashCard: CashCard | undefined, cashSource?: CashSource): string {
  return paymentMethodAtAcceptance(ctx, cashCard, cashSource);
}
