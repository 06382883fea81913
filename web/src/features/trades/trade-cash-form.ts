import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import { TRADE_CASH_MAX_CENTS, type CashCard } from '@soleswap/contracts/wallet';
import { EMPTY_CARD, splitExpiry, type CardErrors, type CardInput } from '../../components/payment-card/card-input';
import { parseDollarsToCents } from '../../lib/money-input';

// The card's shape is shared with the membership checkout (components/payment-card); its callers here read it from this file.
export { EMPTY_CARD, type CardErrors, type CardInput };

/**
 * The cash part of a proposal or counter-offer (docs/rules/money.md#cash-in-a-trade): none, cash the
 * member adds from their side (with their test card), or cash they ask from the other side. Never
 * both: one choice decides the side. Whole dollars up to TRADE_CASH_MAX_CENTS.
 */
export type CashDirection = 'none' | 'give' | 'ask';

export interface CashFormValues {
  direction: CashDirection;
  /** Whole dollars as typed. */
  dollars: string;
  card: CardInput;
}

export const EMPTY_CASH_FORM: CashFormValues = { direction: 'none', dollars: '', card: EMPTY_CARD };

const MAX_DOLLARS = TRADE_CASH_MAX_CENTS / 100;

/** Why the typed amount cannot be sent, or null when it is a whole number of dollars from 1 to the cap. */
export function cashDollarsProblem(dollars: string): string | null {
  if (dollars.trim().replace(/^\$/, '') === '') return 'Enter the cash in whole dollars, like 25';
  const cents = parseDollarsToCents(dollars, { wholeDollars: true });
  if (cents === null) return 'Cash is added in whole dollars, like 25 (no cents)';
  if (cents < 100) return 'Cash must be at least $1';
  if (cents > TRADE_CASH_MAX_CENTS) return `Cash can be at most $${MAX_DOLLARS}`;
  return null;
}

/** The typed amount in cents, or 0 while there is none or it is not valid (the meter reads this). */
export function cashCentsOf(values: Pick<CashFormValues, 'direction' | 'dollars'>): number {
  if (values.direction === 'none' || cashDollarsProblem(values.dollars) !== null) return 0;
  return parseDollarsToCents(values.dollars, { wholeDollars: true }) ?? 0;
}

/** The card the API takes (cashCard), checked with the payments rule the server applies; or what is wrong with it. */
export function checkCashCard(card: CardInput): { card: CashCard; errors: null } | { card: null; errors: CardErrors } {
  const cashCard: CashCard = { cardNumber: card.cardNumber.trim(), cvc: card.cvc.trim(), ...splitExpiry(card.expiry) };
  const parsed = makeCardPaymentSchema().safeParse({ ...cashCard, paymentIntentId: 'cash' });
  if (parsed.success) return { card: cashCard, errors: null };
  const errors: CardErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key = field === 'expMonth' || field === 'expYear' ? 'expiry' : field === 'cvc' ? 'cvc' : 'cardNumber';
    errors[key] ??= issue.message;
  }
  return { card: null, errors };
}

/** Where each message of the cash part shows. */
export type CashErrors = { dollars?: string } & CardErrors;

export interface CashRequest {
  proposerCashCents: number;
  receiverCashCents: number;
  cashCard?: CashCard;
}

/**
 * The request fields of the cash part, seen from the member making the offer (the proposer of it);
 * or the messages to show. Cash they add needs their card; cash they ask needs none now (the other
 * side's card is asked at acceptance). A proposer who owes a protection hold
 * (docs/rules/money.md#protection-holds, `ownHoldCents` > 0) gives their card whatever the cash.
 */
export function cashRequest(
  values: CashFormValues,
  { ownHoldCents = 0 }: { ownHoldCents?: number } = {},
): { body: CashRequest; errors: null } | { body: null; errors: CashErrors } {
  const needsCard = values.direction === 'give' || ownHoldCents > 0;
  const amountProblem = values.direction === 'none' ? null : cashDollarsProblem(values.dollars);
  const checked = needsCard ? checkCashCard(values.card) : null;
  if (amountProblem || checked?.errors) {
    return { body: null, errors: { ...(amountProblem ? { dollars: amountProblem } : {}), ...(checked?.errors ?? {}) } };
  }
  const cents = cashCentsOf(values);
  return {
    body: {
      proposerCashCents: values.direction === 'give' ? cents : 0,
      receiverCashCents: values.direction === 'ask' ? cents : 0,
      ...(checked?.card ? { cashCard: checked.card } : {}),
    },
    errors: null,
  };
}

/**
 * A server's field errors (`cashCard.cvc`, `proposerCashCents`...) placed on the cash part's fields,
 * or null when none of them is about cash.
 */
export function cashErrorsFromServer(fields: Record<string, string> | null | undefined): CashErrors | null {
  if (!fields) return null;
  const errors: CashErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path === 'proposerCashCents' || path === 'receiverCashCents') errors.dollars ??= message;
    else if (path === 'cashCard.cardNumber' || path === 'cashCard') errors.cardNumber ??= message;
    else if (path === 'cashCard.expMonth' || path === 'cashCard.expYear') errors.expiry ??= message;
    else if (path === 'cashCard.cvc') errors.cvc ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
