import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '@soleswap/contracts/errors';
import { ERROR_STATUS } from './error-status';

/** What Node's HTTP parser refused before Fastify saw a request, as the code clients branch on. */
function answerFor(err: NodeJS.ErrnoException): ErrorBody {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large (too many or too big cookies, or a very long address)' };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' };
  return { code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's parser refuses (headers over the size limit, a
 * timeout, malformed HTTP) never reach the routes or the error handler, and Fastify's default
 * answer has no `code`. This one answers the standard `{ code, message }` body instead (Fastify
 * binds it to the app).
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const body = answerFor(err);
  const status = ERROR_STATUS[body.code satisfies ErrorCode];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
