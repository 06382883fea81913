/**
 * Withdrawals are paid through the one money provider port (payments/money-provider.ts); this name
 * stays only until wallet/payout-destination.ts, being edited for Stripe Connect onboarding, calls
 * `moneyProviderFor` itself.
 */
export { moneyProviderFor as payoutProviderFor } from '../payments/payment-providers';
