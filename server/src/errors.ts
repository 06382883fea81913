import type { ErrorCode } from '@soleswap/contracts/errors';

/**
 * The one error type domain code throws. Services never throw HTTP errors: the error handler
 * (http/error-handler.ts) maps `code` to a status with the table in http/error-status.ts.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** What the code carries besides its message (ErrorBody.details). */
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
