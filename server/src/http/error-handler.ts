import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@soleswap/contracts/errors';
import { AppError } from '../errors';
import { ERROR_STATUS } from './error-status';

/**
 * Maps AppError to its status, Fastify's own 4xx errors to codes, and anything else to a logged 500.
 * (The not-found handler lives in app.ts, where it knows about the web client.)
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
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
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side' } satisfies ErrorBody);
  });
}
