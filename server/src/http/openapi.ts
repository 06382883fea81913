import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER_VERSION } from '../modules/health/version';

/** What a route may declare about itself: `config: { openapi: { summary, body, query } }`. */
export interface RouteDoc {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

interface CollectedRoute {
  method: string;
  url: string;
  doc?: RouteDoc;
}

/**
 * Builds /api/openapi.json from the routes actually registered (so the path list cannot drift),
 * with request bodies and queries converted from the same zod schemas the handlers parse with.
 */
export function registerOpenApi(app: FastifyInstance) {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method: method.toLowerCase(), url: route.url, doc: route.config?.openapi });
    }
  });

  let cached: unknown;
  app.get('/api/openapi.json', async () => {
    cached ??= buildDocument(routes);
    return cached;
  });
}

function buildDocument(routes: CollectedRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParams = route.doc?.query ? queryParameters(route.doc.query) : [];
    const operation: Record<string, unknown> = {
      summary: route.doc?.summary ?? `${route.method.toUpperCase()} ${route.url}`,
      parameters: [...params, ...queryParams],
      responses: {
        default: { description: 'Errors answer { code, message, fields? }', content: { 'application/json': { schema: ERROR_SCHEMA } } },
      },
    };
    if (route.doc?.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toJsonSchema(route.doc.body, 'input') } } };
    }
    (paths[path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SoleSwap API', version: SERVER_VERSION },
    paths,
  };
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function queryParameters(schema: z.ZodType) {
  const json = toJsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}
