import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * "Failed to accept trade: This sneaker is locked in an accepted trade". The server's
 * message is added only for a 4xx, where it says why; a 5xx or network failure says nothing useful.
 */
export function describeFailure(fallback: string, error: unknown): string {
  const hasReason = error instanceof ApiError && error.status < 500 && error.serverMessage;
  return hasReason ? `${fallback}: ${error.serverMessage}` : fallback;
}

/** The failure toast: 'Error' with what failed and, when the server says, why. */
export function toastFailure(fallback: string, error: unknown): void {
  toast({ title: 'Error', description: describeFailure(fallback, error), variant: 'destructive' });
}
