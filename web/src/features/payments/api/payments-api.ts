import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CardPaymentInput,
  CreateMembershipPaymentResponse,
  MembershipOverview,
  PaymentConfirmation,
  PaymentsConfig,
  PaymentsPage,
} from '@soleswap/contracts/payments';
import { apiRequest, getJson } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { paymentKeys } from '../../../lib/query-keys';

export { newIdempotencyKey };

const withKey = (key: string): RequestInit => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

/** The configured price and provider (public). */
export function usePaymentsConfig() {
  return useQuery({ queryKey: paymentKeys.config, queryFn: ({ signal }) => getJson<PaymentsConfig>('/api/payments/config', { signal }) });
}

export function useMembership(enabled: boolean) {
  return useQuery({ queryKey: paymentKeys.membership, enabled, queryFn: ({ signal }) => getJson<MembershipOverview>('/api/membership', { signal }) });
}

export function usePaymentHistory(enabled: boolean) {
  return useQuery({ queryKey: paymentKeys.history, enabled, queryFn: ({ signal }) => getJson<PaymentsPage>('/api/payments?limit=20', { signal }) });
}

/**
 * Reloads the payment history and the membership after a payment attempt's answer, whatever it
 * was: a declined or refused attempt is a new row of the history too, shown at once.
 */
export function useRefreshAfterPaymentAttempt(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.membership });
  };
}

export const createMembershipPayment = () =>
  apiRequest<CreateMembershipPaymentResponse>('POST', '/api/create-membership-payment', {}, withKey(newIdempotencyKey()));

export const confirmSandboxPayment = (card: CardPaymentInput, key: string) =>
  apiRequest<PaymentConfirmation>('POST', '/api/payments/sandbox/confirm', card, withKey(key));

export const answerConfirmationStep = (paymentIntentId: string, answer: 'approve' | 'refuse', key: string) =>
  apiRequest<PaymentConfirmation>('POST', `/api/payments/sandbox/${encodeURIComponent(paymentIntentId)}/${answer}`, {}, withKey(key));

/** Asks the server to read the payment back from the provider (after Stripe's card element finished). */
export const refreshPayment = (paymentIntentId: string) => apiRequest<PaymentConfirmation>('POST', '/api/payments/refresh', { paymentIntentId });

export const cancelMembership = () => apiRequest<MembershipOverview>('POST', '/api/membership/cancel', {}, withKey(newIdempotencyKey()));

export const refundMembership = () => apiRequest<MembershipOverview>('POST', '/api/membership/refund', {}, withKey(newIdempotencyKey()));
