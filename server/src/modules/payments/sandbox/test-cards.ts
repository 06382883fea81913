import { normalizeCardNumber } from '@soleswap/contracts/payments';
import { CARD_DECLINED_MESSAGE } from '../money-provider';

/**
 * What the sandbox does with a card, modelled on Stripe's test mode so a member (or a test) who
 * knows Stripe's test cards gets the same answers, and switching to Stripe test keys changes
 * nothing they see. Like Stripe test mode, any other number, however valid, is declined: the
 * sandbox never pretends a real card was charged.
 */

export interface CardDecline {
  kind: 'decline';
  /** Stripe's decline code, kept for logs and for the Stripe provider to share. */
  declineCode: string;
  /** Shown to the member as is. */
  message: string;
}

export type CardOutcome =
  | { kind: 'succeed' }
  | CardDecline
  /** The issuer asks the member to confirm (3-D Secure); then the card does `afterApproval`. */
  | { kind: 'require_action'; afterApproval: { kind: 'succeed' } | CardDecline };

export const DECLINED_MESSAGE = CARD_DECLINED_MESSAGE;
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
export const NOT_A_TEST_CARD_MESSAGE =
  'Your card was declined. This is test mode, so no real card can be charged: use a test card such as 4242 4242 4242 4242.';

const decline = (declineCode: string, message: string): CardDecline => ({ kind: 'decline', declineCode, message });
const INSUFFICIENT_FUNDS = decline('insufficient_funds', 'Your card has insufficient funds.');

/** Cards that pay: Stripe's test numbers for each network. */
const SUCCEEDING = [
  '4242424242424242', // Visa
  '4000056655665556', // Visa debit
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard 2-series
  '5200828282828210', // Mastercard debit
  '5105105105105100', // Mastercard prepaid
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club, 14 digits
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '6205500000000000004', // UnionPay, 19 digits
];

const SPECIAL: Record<string, CardOutcome> = {
  '4000000000000002': decline('generic_decline', DECLINED_MESSAGE),
  '4000000000009995': INSUFFICIENT_FUNDS,
  '4000000000009987': decline('lost_card', DECLINED_MESSAGE),
  '4000000000009979': decline('stolen_card', DECLINED_MESSAGE),
  '4000000000000069': decline('expired_card', 'Your card has expired.'),
  '4000000000000127': decline('incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': decline('processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  '4000002500003155': { kind: 'require_action', afterApproval: { kind: 'succeed' } },
  '4000002760003184': { kind: 'require_action', afterApproval: { kind: 'succeed' } },
  '4000008260003178': { kind: 'require_action', afterApproval: INSUFFICIENT_FUNDS },
};

/** Every number the sandbox knows, for the test-mode hint on the card form and for tests. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  ...Object.fromEntries(SUCCEEDING.map((n) => [n, { kind: 'succeed' } as const])),
  ...SPECIAL,
};

/** The outcome of charging a card that already passed the card schema (digits, Luhn, expiry, CVC). */
export function outcomeForCard(cardNumber: string): CardOutcome {
  return SANDBOX_TEST_CARDS[normalizeCardNumber(cardNumber)] ?? decline('test_mode_live_card', NOT_A_TEST_CARD_MESSAGE);
}

/** Cards worth showing in the sandbox's card form hint, with what each does. */
export const HINTED_TEST_CARDS: ReadonlyArray<{ number: string; outcome: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0025 0000 3155', outcome: 'Asks you to confirm the payment' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient funds' },
].filter((card) => normalizeCardNumber(card.number) in SANDBOX_TEST_CARDS);
