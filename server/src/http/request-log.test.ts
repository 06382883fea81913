import pino from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController, SLOW_REQUEST_MS } from './request-log';

/** The lines one finished request writes, as the server's logger (pino) writes them. */
function linesFor(answer: { statusCode: number; elapsedTime: number; error?: Error }) {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const request = { method: 'PUT', url: '/api/trades/987654321?token=secret-token', routeOptions: { url: '/api/trades/:id' }, log };
  const reply = { statusCode: answer.statusCode, elapsedTime: answer.elapsedTime, log };
  new RequestLogController().requestCompleted(answer.error ?? null, request as unknown as FastifyRequest, reply as unknown as FastifyReply);
  return lines;
}

describe('request log lines', () => {
  it('name the method and the route pattern of a slow request, never its URL', () => {
    const [line] = linesFor({ statusCode: 200, elapsedTime: SLOW_REQUEST_MS + 500 });
    expect(line).toMatchObject({ level: 40, msg: 'slow request', method: 'PUT', route: '/api/trades/:id', responseTime: SLOW_REQUEST_MS + 500 });
    expect(JSON.stringify(line)).not.toContain('987654321');
    expect(JSON.stringify(line)).not.toContain('secret-token');
  });

  it('name them for a failed request too', () => {
    const [line] = linesFor({ statusCode: 500, elapsedTime: 12, error: new Error('broke') });
    expect(line).toMatchObject({ level: 50, msg: 'request failed', method: 'PUT', route: '/api/trades/:id' });
  });

  it('keep a quick success at debug level', () => {
    const [line] = linesFor({ statusCode: 200, elapsedTime: 5 });
    expect(line).toMatchObject({ level: 20, msg: 'request completed' });
  });
});
