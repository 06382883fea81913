import { AppError } from '../../errors';
import { ShippingProviderError } from './shipping-provider';

/**
 * The one error wrapper of shipping provider calls (as providerFailure is for money): our own
 * errors pass, a provider's refusal becomes its code (an undeliverable address 422, a tracker it
 * does not know 404, a refused field 400, a forged webhook 400), and anything else (a network
 * failure, a timeout, the provider's 5xx) is 502 SHIPPING_PROVIDER_UNAVAILABLE, never a 500.
 * Throw it from a provider step's `call` (runProviderStep passes an AppError through).
 */
export function shippingFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ShippingProviderError) {
    switch (error.code) {
      case 'ADDRESS_UNDELIVERABLE':
        return new AppError('ADDRESS_UNDELIVERABLE', error.message, error.fields ? { fields: error.fields } : undefined);
      case 'NOT_FOUND':
        return new AppError('NOT_FOUND', error.message);
      case 'WEBHOOK_INVALID':
        return new AppError('WEBHOOK_INVALID', error.message);
      case 'NO_RATE':
      case 'INVALID':
        return new AppError('VALIDATION_FAILED', error.message, error.fields ? { fields: error.fields } : undefined);
    }
  }
  return new AppError(
    'SHIPPING_PROVIDER_UNAVAILABLE',
    'The shipping provider could not be reached. Nothing was bought or changed; please try again.',
    {
      cause: error,
    },
  );
}

/** Rethrows a provider call's failure worded by shippingFailure: `.catch(rethrowShippingFailure)` in a provider step's `call`. */
export function rethrowShippingFailure(error: unknown): never {
  throw shippingFailure(error);
}
