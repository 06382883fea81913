import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** The payment form's notices, worded as the product has always worded them. */
export const paymentToasts = {
  success: () => toast({ title: 'Payment Successful!', description: 'Welcome to the SoleSwap Community! You are now a premium member.' }),
  failed: (message: string | null) =>
    toast({ title: 'Payment Failed', description: message || 'Payment could not be processed', variant: 'destructive' }),
  error: (message: string | null) =>
    toast({ title: 'Payment Error', description: message || 'An unexpected error occurred. Please try again.', variant: 'destructive' }),
  notReady: () => toast({ title: 'Loading...', description: 'Please wait for the payment form to load completely' }),
  setupError: () => toast({ title: 'Setup Error', description: 'Failed to initialize payment form', variant: 'destructive' }),
};

/** A refusal the server reports about the card (declined, invalid details) rather than a broken call. */
export function isCardRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'PAYMENT_DECLINED' || error.code === 'VALIDATION_FAILED');
}

/** After a successful payment the member is sent home after 2 seconds. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;
