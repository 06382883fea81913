import { randomBytes } from 'node:crypto';
import type { PayoutBankAccount, PayoutDestinationView } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findPayoutBankAccount, upsertPayoutBankAccount } from './payout-bank-accounts.repository';
import { moneyProviderFor } from '../payments/payment-providers';
import { findPayoutAccountId } from './payouts.repository';
import { getStripeDestination } from './stripe-onboarding';

/**
 * Where the member's withdrawals go (issue #42): with Stripe, their connected account; in the
 * sandbox, the bank account they gave (its last four digits).
 */
export async function getMyPayoutDestination(ctx: AppContext, memberId: string): Promise<PayoutDestinationView> {
  const provider = moneyProviderFor(ctx);
  if (provider.needsAccount) return getStripeDestination(ctx, memberId);
  const bank = await findPayoutBankAccount(ctx.db, memberId);
  return { provider: 'sandbox', destination: bank ? { kind: 'bank_account', holderName: bank.holderName, last4: bank.last4 } : null };
}

/**
 * The sandbox's stand-in for a bank account token: what a payout names as its destination. The
 * account and routing numbers are checked (contracts/src/payout-destination.ts) and dropped; only
 * the last four digits are kept, to show the member where their money goes.
 */
const sandboxBankToken = () => `ba_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * The member gives the bank account their sandbox withdrawals go to, replacing any before. With
 * Stripe configured a withdrawal goes to the member's connected Stripe account instead (connected
 * through stripe-onboarding.ts): 409 CONFLICT.
 */
export async function setMyPayoutBankAccount(ctx: AppContext, memberId: string, account: PayoutBankAccount): Promise<PayoutDestinationView> {
  if (moneyProviderFor(ctx).needsAccount) {
    throw new AppError('CONFLICT', 'Withdrawals here are paid to your connected Stripe account, not to a bank account given on this page.');
  }
  await upsertPayoutBankAccount(ctx.db, {
    userId: memberId,
    holderName: account.holderName,
    last4: account.accountNumber.slice(-4),
    token: sandboxBankToken(),
    at: ctx.now(),
  });
  return getMyPayoutDestination(ctx, memberId);
}

/** The destination a new payout names: the Stripe account, or the sandbox bank account's token; null when none. */
export async function payoutDestinationOf(ctx: AppContext, memberId: string, needsAccount: boolean): Promise<string | null> {
  if (needsAccount) return findPayoutAccountId(ctx.db, memberId);
  return (await findPayoutBankAccount(ctx.db, memberId))?.token ?? null;
}
