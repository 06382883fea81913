import { ApiError } from '../../lib/api-client';

/** Development endpoints answer 404 (or DISABLED) where the tools are switched off. */
export function isDisabledError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'DISABLED');
}
