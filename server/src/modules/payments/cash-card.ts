import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import { AppError } from '../../errors';

/** The card as the card form's schema reads it (Luhn, expiry, CVC), or 400 naming each `cashCard.*` field. */
export function checkCashCard(now: () => Date, card: CashCard): { cardNumber: string } {
  const parsed = makeCardPaymentSchema(now).safeParse({ ...card, paymentIntentId: 'cash' });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[`cashCard.${issue.path.join('.')}`] ??= issue.message;
    throw new AppError('VALIDATION_FAILED', 'Check the card details', { fields });
  }
  return { cardNumber: parsed.data.cardNumber };
}
