import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, read once by running its middleware against a response
 * that only records them. Our options hold no per-request values (no nonces, no directive
 * functions), so every answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Sends helmet's security headers with every answer, pages, files, API answers and errors alike.
 * @fastify/helmet rebuilt helmet's middleware for each request (about 4% of the server's time
 * under load, docs/benchmarks.md); the headers are computed once here instead.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = Object.entries(helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet itself does: routes that hand the response to another
    // framework (the identity provider) or write it themselves (the event stream) keep them.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
