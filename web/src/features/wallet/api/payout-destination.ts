import { useQuery } from '@tanstack/react-query';
import type { PayoutBankAccount, PayoutDestinationView, StripeOnboardingLink } from '@soleswap/contracts/wallet';
import { apiRequest, getJson } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys';

/** Where the member's withdrawals go (`GET /api/wallet/payout-destination`). */
export function usePayoutDestination() {
  return useQuery({
    queryKey: walletKeys.payoutDestination,
    queryFn: ({ signal }) => getJson<PayoutDestinationView>('/api/wallet/payout-destination', { signal }),
  });
}

/** `PUT /api/wallet/payout-destination`: the bank account sandbox withdrawals go to (setting it twice changes nothing more). */
export function setPayoutBankAccount(account: PayoutBankAccount): Promise<PayoutDestinationView> {
  return apiRequest<PayoutDestinationView>('PUT', '/api/wallet/payout-destination', account);
}

/**
 * `POST /api/wallet/payout-destination/stripe-onboarding` (with Stripe keys): the Stripe page where the
 * member connects the account their withdrawals go to. Pressing it twice makes no second account.
 */
export function startStripeOnboarding(): Promise<StripeOnboardingLink> {
  return apiRequest<StripeOnboardingLink>('POST', '/api/wallet/payout-destination/stripe-onboarding', {});
}
