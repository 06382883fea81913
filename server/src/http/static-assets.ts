import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite puts every file whose name carries a content hash under assets/: it never changes. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web client from `webDist` (if it was built) and sends the app shell for every
 * page path the client's router owns; API paths get a JSON 404. Hashed assets are cached for a
 * year; index.html and the other unhashed files are revalidated on every use (`no-cache`).
 * The build writes .br and .gz copies next to each file (scripts/build-if-stale.mjs), and the
 * copy the browser accepts is sent as it is: nothing is compressed per request here.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string) {
  const hasWebClient = existsSync(path.join(webDist, 'index.html'));
  if (hasWebClient) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // One `/*` route that looks the file up when asked. `wildcard: false` instead lists every
      // file of the build at start (a glob of ~200 files) and adds two routes for each, about a
      // tenth of a restart (docs/benchmarks.md, "Production start"). A path with no file (a page of the
      // client's router) falls through to the not-found handler below, which sends the app shell.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.includes(HASHED_ASSETS) ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
  }
  // "/" is the build's folder itself, which the file route refuses (403): it gets the app shell.
  if (hasWebClient) app.get('/', (_request, reply) => reply.sendFile('index.html'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/uploads/');
    if (hasWebClient && isPage) return reply.sendFile('index.html');
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${url}` });
  });
}
