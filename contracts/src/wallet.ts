import { z } from 'zod';
import { idCursorSchema, pageLimitSchema, queryObject } from './list-query';

/**
 * Money inside trades and the member's wallet: the vocabulary shared by the server and the web
 * client. The transitions live in server/src/modules/wallet/money.machine.ts; the rules in
 * docs/rules/money.md.
 */

/**
 * One card authorization (a Stripe PaymentIntent with manual capture, or the sandbox's copy of
 * one). `requested` is the intent committed before the provider is called; `declined` is a failed
 * authorization (nothing was held); `expired` is an authorization the card network let lapse.
 */
export const AUTHORIZATION_STATUSES = ['requested', 'authorized', 'declined', 'captured', 'released', 'expired'] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];

/**
 * What an authorization holds: the cash one side adds to a trade, or a side's protection hold (the
 * market value of the pairs a member new to trading sends; contracts/src/wallet-protection.ts).
 */
export const AUTHORIZATION_PURPOSES = ['trade_cash', 'protection_hold'] as const;
export type AuthorizationPurpose = (typeof AUTHORIZATION_PURPOSES)[number];

/** Every event the authorization machine understands. */
export const AUTHORIZATION_EVENTS = ['authorize_succeeded', 'authorize_declined', 'capture', 'release', 'expire'] as const;
export type AuthorizationEvent = (typeof AUTHORIZATION_EVENTS)[number];

/** One withdrawal from the wallet: a sandbox payout or a Stripe Connect transfer. */
export const PAYOUT_STATUSES = ['requested', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_EVENTS = ['payout_succeeded', 'payout_failed'] as const;
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number];

/** Why the money machine refused an event. */
export const MONEY_REFUSALS = [
  /** The event makes no sense from the current status (capturing a released authorization). */
  'MONEY_INVALID_TRANSITION',
  /**
   * A capture with neither a completed trade nor a dispute resolved against the payer (cash), or
   * neither a missed ship deadline, a dispute resolved against the payer nor their pair failing
   * authentication (a protection hold).
   */
  'CAPTURE_NOT_DUE',
] as const;
export type MoneyRefusal = (typeof MONEY_REFUSALS)[number];

/** What moved a wallet balance. Credits are positive, debits negative. */
export const WALLET_ENTRY_KINDS = [
  /** Cash the other side of a completed trade paid, captured from their card. */
  'trade_cash_credit',
  /** The other side's protection hold, captured because they missed the ship deadline, lost a dispute or their pair failed authentication. */
  'protection_hold_credit',
  /** A withdrawal to the member's bank (sandbox payout or Stripe Connect transfer). */
  'payout',
  /** A failed withdrawal given back. */
  'payout_reversal',
  /** Cash this member pays in a trade from the balance: held (debited) at acceptance until the trade settles. */
  'trade_cash_debit',
  /** That held cash given back: the trade was rejected, cancelled or expired, or refunded. */
  'trade_cash_return',
  /** A captured protection hold given back to the member it was taken from: an admin reversed the capture on appeal. */
  'protection_hold_refund',
  /** That hold taken back from the member it was paid to (at most their balance: the platform bears the rest). */
  'protection_hold_reversal',
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * Why a protection hold was captured (docs/rules/money.md#protection-holds): its payer missed the
 * ship deadline, a dispute was resolved against them, or their pair failed authentication at the
 * centre (or never reached it).
 */
export const HOLD_CAPTURE_REASONS = ['missed_ship_deadline', 'lost_dispute', 'failed_authentication'] as const;
export type HoldCaptureReason = (typeof HOLD_CAPTURE_REASONS)[number];

/** One movement of a member's balance. */
export interface WalletEntry {
  id: number;
  kind: WalletEntryKind;
  /** Signed: positive credits the balance, negative debits it. */
  amountCents: number;
  /** The trade the money came from, when it came from one. */
  tradeId: number | null;
  /** The loop a protection hold of a loop came from (a loop carries no cash), when it came from one. */
  loopId: number | null;
  /**
   * A protection-hold entry (credit, refund, reversal): why the hold was captured, and the other
   * member of it (whose hold it was, for the credit and the reversal; who received it, for the
   * refund) by their name now. Null on other entries, and on credits made before reasons were kept.
   */
  holdCapture: { reason: HoldCaptureReason; memberName: string | null } | null;
  createdAt: string;
}

/** `GET /api/wallet`: the balance and a page of entries, newest first. */
export interface WalletPage {
  balanceCents: number;
  currency: 'usd';
  entries: WalletEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * Where a trade's cash comes from: the payer's card (authorized at acceptance, captured at
 * completion) or their wallet balance (debited at acceptance, paid to the other side at completion,
 * given back on release).
 */
export const CASH_SOURCES = ['card', 'wallet'] as const;
export type CashSource = (typeof CASH_SOURCES)[number];
/** Optional: without it the cash is paid by card. */
export const cashSourceSchema = z.enum(CASH_SOURCES, { error: 'Pay the cash with your card or your wallet balance' }).optional();

/** One withdrawal, as its member sees it. */
export interface Payout {
  id: number;
  amountCents: number;
  status: PayoutStatus;
  /** The provider's words when it failed (the amount went back to the balance). */
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/wallet/withdrawals`: the member's withdrawals, newest first. */
export interface PayoutsPage {
  items: Payout[];
  nextCursor: string | null;
}

/** The smallest withdrawal, in cents ($1), and the largest in one request ($10,000). */
export const WITHDRAWAL_MIN_CENTS = 100;
export const WITHDRAWAL_MAX_CENTS = 1_000_000;

/** `POST /api/wallet/withdrawals`: how much of the balance to withdraw, in cents. */
export const WithdrawalSchema = z
  .object({
    amountCents: z
      .number({ error: 'Enter an amount in cents, like 2500 for $25' })
      .int('Enter an amount in cents, like 2500 for $25')
      .min(WITHDRAWAL_MIN_CENTS, `Withdraw at least $${WITHDRAWAL_MIN_CENTS / 100}`)
      .max(WITHDRAWAL_MAX_CENTS, `Withdraw at most $${(WITHDRAWAL_MAX_CENTS / 100).toLocaleString('en-US')} at a time`),
  })
  .strict();
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WALLET_PAGE_SIZE = 20;
export const WALLET_PAGE_MAX = 50;

export const WalletQuerySchema = queryObject({
  cursor: idCursorSchema('The cursor is not valid'),
  limit: pageLimitSchema(WALLET_PAGE_MAX, WALLET_PAGE_SIZE),
});
export type WalletQuery = z.infer<typeof WalletQuerySchema>;

export const WithdrawalsQuerySchema = queryObject({
  cursor: idCursorSchema('The cursor is not valid'),
  limit: pageLimitSchema(WALLET_PAGE_MAX, WALLET_PAGE_SIZE),
});
export type WithdrawalsQuery = z.infer<typeof WithdrawalsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Cash in a trade

/** The most cash one side may add to a trade, in cents ($500). */
export const TRADE_CASH_MAX_CENTS = 50_000;

/** Cash on one side of a proposal or counter-offer: whole dollars, in cents, up to the cap; 0 for none. */
export const cashCentsSchema = z
  .number({ error: 'Cash is an amount in cents, like 2500 for $25' })
  .int('Cash is an amount in cents, like 2500 for $25')
  .min(0, 'Cash cannot be negative')
  .max(TRADE_CASH_MAX_CENTS, `Cash can be at most $${TRADE_CASH_MAX_CENTS / 100}`)
  .refine((cents) => cents % 100 === 0, 'Cash is added in whole dollars')
  .optional()
  .default(0);

/**
 * The payer's card for the sandbox provider (test cards only; see the payments page). It is checked
 * and reduced to a token on the server; the number is never stored.
 */
export const CashCardSchema = z
  .object({
    cardNumber: z.string({ error: 'Enter your card number' }).max(40),
    expMonth: z.string({ error: 'Enter the expiry month' }).max(4),
    expYear: z.string({ error: 'Enter the expiry year' }).max(4),
    cvc: z.string({ error: 'Enter the security code (CVC) from your card' }).max(4),
  })
  .strict();
export type CashCard = z.infer<typeof CashCardSchema>;

/** Both sides' cash: never on both at once. */
export function cashOnOneSide(body: { proposerCashCents: number; receiverCashCents: number }, ctx: z.RefinementCtx): void {
  if (body.proposerCashCents > 0 && body.receiverCashCents > 0) {
    ctx.addIssue({ code: 'custom', path: ['receiverCashCents'], message: 'Cash goes on one side only: the proposer’s or the receiver’s' });
  }
}

/** Who pays a trade's cash, and how much (cents). */
export interface TradeCash {
  payerId: string;
  payeeId: string;
  amountCents: number;
}

/**
 * Where a member's withdrawals go (issue #42: a withdrawal asks for its destination). In the sandbox
 * (no Stripe keys) a bank account the member gives on the wallet page, kept as its last four digits
 * and a sandbox token; with Stripe keys, the member's Stripe Connect account.
 */
export type PayoutDestination = { kind: 'bank_account'; holderName: string; last4: string } | { kind: 'stripe_account' };

/** `GET /api/wallet/payout-destination`: where withdrawals go now, and how the server pays them. */
export interface PayoutDestinationView {
  /** `sandbox`: give a bank account here; `stripe`: withdrawals go to a connected Stripe account. */
  provider: 'sandbox' | 'stripe';
  /** Null until the member gave one: a withdrawal is refused (409 PAYOUT_ACCOUNT_MISSING). */
  destination: PayoutDestination | null;
  /**
   * With Stripe and no connected account yet: `not_started` (no Stripe account made), or `pending`
   * (made, and Stripe does not yet say it can be paid: onboarding unfinished or under review).
   * Absent otherwise.
   */
  stripeOnboarding?: 'not_started' | 'pending';
}

/** `POST /api/wallet/payout-destination/stripe-onboarding` takes no fields. */
export const StripeOnboardingSchema = z.object({}).strict();

/** `POST /api/wallet/payout-destination/stripe-onboarding`: the Stripe page the member is sent to, to connect their account. */
export interface StripeOnboardingLink {
  url: string;
}

/** How a destination is printed: "Bank account ••••1234". */
export function payoutDestinationLabel(destination: PayoutDestination): string {
  return destination.kind === 'bank_account' ? `Bank account ••••${destination.last4}` : 'Your connected Stripe account';
}

/** An ABA routing number's check digit: 3, 7 and 1 times its digits in turn add up to a multiple of 10. */
export function isRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, digit, index) => sum + Number(digit) * weights[index]!, 0) % 10 === 0;
}

/** Spaces and dashes members type inside bank numbers are not part of them. */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

export const HOLDER_NAME_MAX = 100;

/** `PUT /api/wallet/payout-destination` (sandbox): the bank account withdrawals go to. */
export const PayoutBankAccountSchema = z
  .object({
    holderName: z
      .string({ error: 'Enter the account holder’s name' })
      .trim()
      .min(2, 'Enter the account holder’s name')
      .max(HOLDER_NAME_MAX, `The name can be at most ${HOLDER_NAME_MAX} characters`),
    routingNumber: z.preprocess(
      digitsOnly,
      z
        .string({ error: 'Enter the 9-digit routing number' })
        .regex(/^\d{9}$/, 'A routing number is 9 digits')
        .refine(isRoutingNumber, 'This routing number does not exist: check its digits'),
    ),
    accountNumber: z.preprocess(
      digitsOnly,
      z.string({ error: 'Enter the account number' }).regex(/^\d{4,17}$/, 'An account number is 4 to 17 digits'),
    ),
  })
  .strict();
export type PayoutBankAccount = z.infer<typeof PayoutBankAccountSchema>;

/**
 * What the payer's own card went through (issue #42, "money a member can follow"): every hold put
 * on it for a trade's cash or a protection hold (trades and loops), and what became of it. Money
 * held on a card never enters the wallet balance, so the wallet's entries alone said "No money has
 * moved yet" to a member whose card had just been charged.
 */

/** One step of a card hold, in the order it happened. */
export const CARD_HOLD_STEPS = ['requested', 'authorized', 'declined', 'captured', 'released', 'expired'] as const;
export type CardHoldStep = (typeof CARD_HOLD_STEPS)[number];

/** One hold on the member's card. */
export interface CardHold {
  id: number;
  purpose: AuthorizationPurpose;
  amountCents: number;
  /** Where it stands now: `authorized` is held, `captured` was charged, `released` was given back untouched. */
  status: AuthorizationStatus;
  tradeId: number | null;
  loopId: number | null;
  /** The member the money goes to if it is captured, by their name now. */
  payeeName: string | null;
  /** The same hold put on the card again before the first one lapsed (docs/decisions/010). */
  isReauthorization: boolean;
  /** The provider's words when the card was declined. */
  failureMessage: string | null;
  /** What happened to it, oldest first: held (or declined), then captured, released or expired. */
  steps: Array<{ step: CardHoldStep; at: string }>;
}

/** `GET /api/wallet/card-holds`: the member's card holds, newest first. */
export interface CardHoldsPage {
  items: CardHold[];
  nextCursor: string | null;
}

export const CARD_HOLDS_PAGE_SIZE = 20;
export const CARD_HOLDS_PAGE_MAX = 50;

export const CardHoldsQuerySchema = queryObject({
  cursor: idCursorSchema('The cursor is not valid'),
  limit: pageLimitSchema(CARD_HOLDS_PAGE_MAX, CARD_HOLDS_PAGE_SIZE),
});
