import { apiRequest } from '../../../lib/api-client';

export interface TestPayment {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * POST /api/create-membership-payment, as the membership page calls it. The server resumes the
 * member's unfinished payment instead of starting a second one, so running the checks again
 * does not pile up payments.
 */
export function createTestPayment(): Promise<TestPayment> {
  return apiRequest<TestPayment>('POST', '/api/create-membership-payment', {});
}
