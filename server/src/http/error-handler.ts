import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@soleswap/contracts/errors';
import { AppError } from '../errors';
import { isCanceledStatement } from '../db/request-statements';
import { ERROR_STATUS } from './error-status';

/** What a request whose statement was stopped at DB_STATEMENT_TIMEOUT_MS is told (503 DB_TIMEOUT). */
export const DB_TIMEOUT_MESSAGE = 'The database took too long to answer this request, so it was stopped. Please try again in a moment.';

/**
 * Maps AppError to its status, Fastify's own 4xx errors to codes, and anything else to a logged 500.
 * (The not-found handler lives in app.ts, where it knows about the web client.)
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.details) body.details = error.details;
      return reply.status(ERROR_STATUS[error.code]).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_FAILED';
      const message = status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
      return reply.status(status).send({ code, message } satisfies ErrorBody);
    }
    if (isCanceledStatement(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'a statement ran past its time limit or its client went away');
      return reply.status(ERROR_STATUS.DB_TIMEOUT).send({ code: 'DB_TIMEOUT', message: DB_TIMEOUT_MESSAGE } satisfies ErrorBody);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side' } satisfies ErrorBody);
  });
}
