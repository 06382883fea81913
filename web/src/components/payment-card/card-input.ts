/**
 * A card as a member types it (the sandbox's test cards: docs/rules/payments.md), the same for the
 * membership checkout and a trade's cash and protection hold: the expiry in one box ("12/34").
 */
export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardInput = { cardNumber: '', expiry: '', cvc: '' };

/** Field errors keyed `cardNumber`, `expiry` and `cvc`. */
export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** "12/34" or "12 / 2034" → the month and year the API takes, as typed. */
export function splitExpiry(expiry: string): { expMonth: string; expYear: string } {
  const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
  return { expMonth: month, expYear: year };
}
