import type { CashCard } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { cashProviderFor } from '../wallet/cash-provider';

const NEED_CARD = 'Add the card that pays your cash or holds your protection hold';

/**
 * A proposal or counter-offer whose proposer adds cash or owes a protection hold carries the
 * proposer's card: it is checked and kept as a payment method (never the number), authorized when
 * the other side accepts. Without either, no card is asked for and none is kept.
 */
export function paymentMethodOfProposer(
  ctx: AppContext,
  input: { proposerCashCents: number; proposerHoldCents: number; cashCard?: CashCard },
): string | null {
  if (input.proposerCashCents === 0 && input.proposerHoldCents === 0) return null;
  if (!input.cashCard) throw new AppError('VALIDATION_FAILED', NEED_CARD, { fields: { cashCard: NEED_CARD } });
  return cashProviderFor(ctx).paymentMethodFor(input.cashCard);
}

/** The receiver's card, asked for at acceptance when the receiver's side carries the cash or owes a hold. */
export function paymentMethodOfReceiver(ctx: AppContext, cashCard: CashCard | undefined): string {
  if (!cashCard) throw new AppError('VALIDATION_FAILED', NEED_CARD, { fields: { cashCard: NEED_CARD } });
  return cashProviderFor(ctx).paymentMethodFor(cashCard);
}
