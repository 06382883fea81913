import type { CashCard, CashSource } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { cashProviderFor } from '../wallet/cash-provider';
import { refuseUnlessBalanceCovers, WALLET_PAYMENT_METHOD } from '../wallet/hold-trade-cash-in-wallet';

/** Cash paid from the wallet takes no card: both at once is a mistake worth saying. */
function walletInsteadOfCard(cashCard: CashCard | undefined): string {
  if (cashCard) {
    throw new AppError('VALIDATION_FAILED', 'Pay the cash with your card or your wallet balance, not both', {
      fields: { cashCard: 'No card is needed when the cash comes from your wallet' },
    });
  }
  return WALLET_PAYMENT_METHOD;
}

/**
 * A proposal or counter-offer whose proposer adds cash carries the proposer's card: it is checked and
 * kept as a payment method (never the number), authorized when the other side accepts. Without
 * proposer cash, no card is asked for and none is kept. With `cashSource: 'wallet'` the cash comes
 * from the proposer's wallet balance (which must cover it now, and is debited at acceptance).
 */
export async function paymentMethodOfProposer(
  ctx: AppContext,
  input: { proposerCashCents: number; cashCard?: CashCard; cashSource?: CashSource },
  proposerId: string,
): Promise<string | null> {
  if (input.proposerCashCents === 0) return null;
  if (input.cashSource === 'wallet') {
    const method = walletInsteadOfCard(input.cashCard);
    await refuseUnlessBalanceCovers(ctx, { memberId: proposerId, amountCents: input.proposerCashCents });
    return method;
  }
  if (!input.cashCard) {
    throw new AppError('VALIDATION_FAILED', 'Add the card that pays your cash', { fields: { cashCard: 'Add the card that pays your cash' } });
  }
  return cashProviderFor(ctx).paymentMethodFor(input.cashCard);
}

/** The receiver's card (or their wallet, with `cashSource: 'wallet'`), asked for at acceptance when the receiver's side carries the cash. */
export function paymentMethodOfReceiver(ctx: AppContext, cashCard: CashCard | undefined, cashSource?: CashSource): string {
  if (cashSource === 'wallet') return walletInsteadOfCard(cashCard);
  if (!cashCard) {
    throw new AppError('VALIDATION_FAILED', 'Add the card that pays your cash', { fields: { cashCard: 'Add the card that pays your cash' } });
  }
  return cashProviderFor(ctx).paymentMethodFor(cashCard);
}
