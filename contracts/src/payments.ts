import { z } from 'zod';

/**
 * Membership payments: the vocabulary shared by the server and the web client. The transitions
 * live in server/src/modules/payments/payment.machine.ts; the membership period rules in
 * server/src/modules/payments/membership.rules.ts.
 */

export const MEMBERSHIP_INTERVALS = ['month', 'year'] as const;
export type MembershipInterval = (typeof MEMBERSHIP_INTERVALS)[number];

/**
 * The life of one membership payment, named after Stripe's PaymentIntent statuses so the Stripe
 * provider maps one to one. `failed` is a declined attempt: the member may retry it with another
 * card. `requires_action` is the card issuer's confirmation step (3-D Secure).
 */
export const PAYMENT_STATUSES = ['requires_payment_method', 'processing', 'requires_action', 'succeeded', 'failed', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the member may do to a payment; the API's `allowedActions`. */
export const MEMBER_PAYMENT_ACTIONS = ['confirm', 'approve_action', 'refuse_action', 'cancel', 'refund'] as const;
export type MemberPaymentAction = (typeof MEMBER_PAYMENT_ACTIONS)[number];

/** Every event the payment machine understands, from the member, the provider or a webhook. */
export const PAYMENT_EVENTS = [...MEMBER_PAYMENT_ACTIONS, 'require_action', 'succeed', 'decline'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** Why the payment machine refused an event. */
export const PAYMENT_REFUSALS = [
  /** The event makes no sense from the payment's current status. */
  'PAYMENT_INVALID_TRANSITION',
  /** The sender may not send this event (a member cannot declare a payment succeeded). */
  'PAYMENT_EVENT_NOT_ALLOWED',
  /** The member is already premium for the current period: never charge twice for one period. */
  'ALREADY_PREMIUM',
  /** The money-back window has closed, or this is not the member's first payment. */
  'REFUND_NOT_ELIGIBLE',
] as const;
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

/** The 30-day money-back guarantee on a member's first payment. */
export const REFUND_WINDOW_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Price

/**
 * "$1/month", "$12/year", "$1.50/month", "$1,200/year": the one way every page names the price.
 * Whole dollars drop the cents so the headline price reads like the marketing copy.
 */
export function formatMembershipPrice(priceCents: number, interval: MembershipInterval): string {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`Invalid price: ${priceCents} cents`);
  const dollars = Math.floor(priceCents / 100).toLocaleString('en-US');
  const cents = priceCents % 100;
  return `$${cents === 0 ? dollars : `${dollars}.${String(cents).padStart(2, '0')}`}/${interval}`;
}

/** What the membership page needs to offer a payment. */
export interface MembershipOffer {
  priceCents: number;
  interval: MembershipInterval;
  /** formatMembershipPrice(priceCents, interval) */
  priceText: string;
  provider: 'sandbox' | 'stripe';
  /** The sandbox (and Stripe with test keys) takes no real money; the page must say so. */
  isTestMode: boolean;
}

/** POST /api/create-membership-payment answer. */
export const CreateMembershipPaymentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreateMembershipPaymentResponse = z.infer<typeof CreateMembershipPaymentResponseSchema>;

/** One membership payment as the API returns it to its member. */
export interface MembershipPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  interval: MembershipInterval;
  /** The provider's message for the last decline, in words the member understands. */
  failureMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
  allowedActions: MemberPaymentAction[];
}

/** The member's membership as the API returns it. */
export interface MembershipStatus {
  isPremium: boolean;
  /** Start and end of the paid period the member is in (or was last in), ISO. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Set once the member cancelled: premium runs to periodEnd and is not renewed. */
  canceledAt: string | null;
  /** Until when the first payment may be refunded, if it still may. */
  refundableUntil: string | null;
}

// ---------------------------------------------------------------------------------------------
// Card entry (the sandbox provider's card form; with Stripe the card never reaches our server)

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** "4242 4242 4242 4242" → "4242424242424242"; only spaces are dropped, any other character stays and fails. */
export const normalizeCardNumber = (input: string): string => input.replace(/\s+/g, '');

/** The Luhn checksum every card number carries, which catches most typing slips. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's leading digits (enough to pick the CVC length and a label). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Amex prints a 4-digit code on the front; every other network a 3-digit one on the back. */
export const cvcLengthFor = (brand: CardBrand): 3 | 4 => (brand === 'amex' ? 4 : 3);

/** Why a card number is not usable, or null when it is. */
export function cardNumberProblem(input: string): string | null {
  const digits = normalizeCardNumber(input);
  if (digits === '') return 'Enter your card number';
  if (!/^\d+$/.test(digits)) return 'Your card number can only contain digits';
  if (digits.length < CARD_NUMBER_MIN_DIGITS) return 'Your card number is incomplete';
  if (digits.length > CARD_NUMBER_MAX_DIGITS) return 'Your card number is too long';
  if (!passesLuhn(digits)) return 'Your card number is invalid';
  return null;
}

/** A 2-digit year means this century: 27 → 2027. */
export const fullExpiryYear = (year: number): number => (year < 100 ? 2000 + year : year);

/**
 * A card is valid through the last day of its expiry month, so it has expired only once that
 * month is over (compared in UTC, like the providers do).
 */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = fullExpiryYear(expYear);
  const nowYear = now.getUTCFullYear();
  return year < nowYear || (year === nowYear && expMonth < now.getUTCMonth() + 1);
}

/** A form field as the browser sends it (text) or a JSON number; trimmed text out. */
const digitsField = (requiredMessage: string) =>
  z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((value) => (typeof value === 'number' ? (Number.isInteger(value) ? String(value) : 'x') : value.trim()))
    .pipe(z.string().min(1, { message: requiredMessage, abort: true }));

/**
 * The sandbox card form (POST .../confirm). `now` decides whether the expiry date is in the
 * past; tests pass a fixed clock, the server and the form the real one.
 */
export function makeCardPaymentSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      paymentIntentId: z
        .string({ error: 'This payment is missing its reference. Reload the page and try again.' })
        .trim()
        .min(1, 'This payment is missing its reference. Reload the page and try again.')
        .max(200, 'This payment reference is not valid. Reload the page and try again.'),
      cardNumber: z
        .string({ error: 'Enter your card number' })
        .superRefine((value, ctx) => {
          const problem = cardNumberProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .transform(normalizeCardNumber),
      expMonth: digitsField('Enter the expiry month')
        .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 12, 'The expiry month must be between 1 and 12')
        .transform(Number),
      expYear: digitsField('Enter the expiry year')
        .refine((v) => /^(\d{2}|\d{4})$/.test(v), 'Enter the expiry year as 2 or 4 digits, like 27 or 2027')
        .transform((v) => fullExpiryYear(Number(v))),
      cvc: z
        .string({ error: 'Enter the security code (CVC) from your card' })
        .trim()
        .min(1, { message: 'Enter the security code (CVC) from your card', abort: true })
        .regex(/^\d{3,4}$/, 'The security code is the 3 or 4 digits printed on your card'),
    })
    .strict()
    .superRefine((card, ctx) => {
      const brand = cardBrandOf(card.cardNumber);
      const cvcLength = cvcLengthFor(brand);
      if (/^\d{3,4}$/.test(card.cvc) && card.cvc.length !== cvcLength && cardNumberProblem(card.cardNumber) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['cvc'],
          message:
            cvcLength === 4 ? 'This card has a 4-digit security code on its front' : 'The security code is the 3 digits on the back of your card',
        });
      }
      // A field that failed its own rule is left as typed; judge the date only when both parts are sound.
      const isDateSound = [card.expMonth, card.expYear].every((v) => typeof v === 'number' && Number.isInteger(v));
      const current = now();
      if (isDateSound && isCardExpired(card.expMonth, card.expYear, current)) {
        // Point at the part the member has to change: the year when it is a past year.
        const isPastYear = card.expYear < current.getUTCFullYear();
        ctx.addIssue({
          code: 'custom',
          path: [isPastYear ? 'expYear' : 'expMonth'],
          message: 'Your card has expired: check the expiry date or use another card',
        });
      }
    });
}

export const CardPaymentSchema = makeCardPaymentSchema();
export type CardPaymentInput = z.input<typeof CardPaymentSchema>;
export type CardPayment = z.output<typeof CardPaymentSchema>;

// ---------------------------------------------------------------------------------------------
// API answers

/** GET /api/membership */
export interface MembershipOverview extends MembershipStatus {
  /** The member cancelled: premium runs to periodEnd, then lapses. */
  cancelAtPeriodEnd: boolean;
  /** What the member may do now (the server enforces the same rules). */
  canCancel: boolean;
  canRefund: boolean;
  offer: MembershipOffer;
}

/** GET /api/payments/config: what the payment pages need before a member pays. */
export interface PaymentsConfig extends MembershipOffer {
  /** Stripe's publishable key, or null with the built-in sandbox. */
  publishableKey: string | null;
  /** Cards the sandbox answers to, shown as a hint in test mode. */
  testCards: Array<{ number: string; outcome: string }>;
}

/** POST /api/payments/sandbox/confirm (and approve, refuse, refresh) answer. */
export interface PaymentConfirmation {
  paymentIntentId: string;
  status: PaymentStatus;
  /** The decline message when the card was declined. */
  failureMessage: string | null;
}

/** GET /api/payments */
export interface PaymentsPage {
  payments: MembershipPayment[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export const PAYMENTS_PAGE_MAX = 50;

export const PaymentsQuerySchema = z
  .object({
    cursor: z
      .string()
      .regex(/^\d{1,10}$/, 'The cursor is not valid')
      .transform(Number)
      .optional(),
    limit: z.coerce.number().int().min(1).max(PAYMENTS_PAGE_MAX).default(20),
  })
  .strict();

export const PaymentIntentRefSchema = z.object({ paymentIntentId: z.string().trim().min(1).max(200) }).strict();
