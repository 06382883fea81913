import { z } from 'zod';

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
