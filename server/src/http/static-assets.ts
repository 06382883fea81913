import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from './session-cookie';
import { buildPageShells, type Manifest } from './page-preloads';

/** Vite puts every file whose name carries a content hash under assets/: it never changes. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web client from `webDist` (if it was built) and sends the app shell for every
 * page path the client's router owns; API paths get a JSON 404. Hashed assets are cached for a
 * year; index.html and the other unhashed files are revalidated on every use (`no-cache`).
 * The build writes .br and .gz copies next to each file (scripts/build-if-stale.mjs), and the
 * copy the browser accepts is sent as it is: nothing is compressed per request here. The app
 * shell is the exception: it names the lazy chunks the page needs (page-preloads.ts), so it is
 * built per page at start and sent like any other text answer.
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
  const shells = hasWebClient ? buildPageShells(readFileSync(path.join(webDist, 'index.html'), 'utf8'), readManifest(webDist)) : null;
  const sendShell = (request: FastifyRequest, reply: FastifyReply, url: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The shell names a member's chunks only to a request with a session cookie.
      .header('vary', 'cookie')
      .send(shells!.shellFor(url, Boolean(request.cookies[SESSION_COOKIE])));
  // "/" is the build's folder itself, which the file route refuses (403): it gets the app shell.
  if (hasWebClient) app.get('/', (request, reply) => sendShell(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/uploads/');
    if (hasWebClient && isPage) return sendShell(request, reply, url);
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${url}` });
  });
}

/** Vite's record of the build's chunks; without one (an older or hand-made build) no page gets hints. */
function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}
