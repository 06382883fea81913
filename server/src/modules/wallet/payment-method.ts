import type { CashCard, CashSource } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { moneyProviderFor } from '../payments/payment-providers';
import { WALLET_PAYMENT_METHOD } from './hold-trade-cash-in-wallet';

/** What a member owing cash or a protection hold without a card (or their wallet) is told: 400 on `cashCard`. */
export const NEED_CARD = 'Add the card that pays your cash or holds your protection hold';

/** Cash paid from the wallet takes no card: both at once is a mistake worth saying. */
export function walletInsteadOfCard(cashCard: CashCard | undefined): string {
  if (cashCard) {
    throw new AppError('VALIDATION_FAILED', 'Pay the cash with your card or your wallet balance, not both', {
      fields: { cashCard: 'No card is needed when the cash comes from your wallet' },
    });
  }
  return WALLET_PAYMENT_METHOD;
}

/**
 * The card (or, with `cashSource: 'wallet'`, the wallet balance) of a member who owes money at their
 * acceptance: a trade's receiver whose side carries cash or a hold, a loop member who owes a hold.
 * Without either: 400 VALIDATION_FAILED on `cashCard`, and nothing changes. The card is checked and
 * kept as a payment method (never the number).
 */
export function paymentMethodAtAcceptance(ctx: AppContext, cashCard: CashCard | undefined, cashSource?: CashSource): string {
  if (cashSource === 'wallet') return walletInsteadOfCard(cashCard);
  if (!cashCard) throw new AppError('VALIDATION_FAILED', NEED_CARD, { fields: { cashCard: NEED_CARD } });
  return moneyProviderFor(ctx).paymentMethodFor(cashCard);
}
