import { SNEAKER_LOCKED_MESSAGE } from '@soleswap/contracts/sneaker-values';
import { ApiError } from '../../lib/api-client';

/**
 * The toast text for a failed change to a sneaker: one fixed message,
 * except when the sneaker is locked in an accepted trade, which the member can
 * do nothing about until the trade ends, so they are told exactly that.
 */
export function sneakerChangeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'SNEAKER_LOCKED') return error.serverMessage ?? SNEAKER_LOCKED_MESSAGE;
  return fallback;
}
