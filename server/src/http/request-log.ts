import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer that took at least this long is logged (warn), whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * What a failed or slow request's line names, so it can be found without debug lines: the method
 * and the route's pattern (`/api/trades/:id`), never the URL itself, whose ids and query may be
 * personal or secret.
 */
function routeOf(request: FastifyRequest): { method: string; route: string } {
  return { method: request.method, route: request.routeOptions?.url ?? '(no route)' };
}

/**
 * Fastify's per-request log lines, made cheap: by default every request wrote two info lines,
 * about a tenth of the throughput. Now server errors (5xx, error level) and slow answers (warn)
 * are logged; every other request only at debug, so LOG_LEVEL=debug still shows all traffic.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime;
    if (error || reply.statusCode >= 500) {
      reply.log.error({ ...routeOf(request), res: reply, err: error ?? undefined, responseTime }, 'request failed');
    } else if (responseTime >= SLOW_REQUEST_MS) reply.log.warn({ ...routeOf(request), res: reply, responseTime }, 'slow request');
    else reply.log.debug({ res: reply, responseTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    // Through the request serializer, which drops secret query values (see log-redaction.ts).
    request.log.debug({ req: request }, 'route not found');
  }
}
