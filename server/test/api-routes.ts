import type { FastifyInstance } from 'fastify';
import { TestClient } from './test-app';

/** A JSON schema as /api/openapi.json carries it (converted from the route's zod schema). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI form: `/api/trades/{id}`. */
  path: string;
  /** `METHOD path`, the key tests index their tables by. */
  key: string;
  params: string[];
  body?: JsonSchema;
  query: { name: string; required: boolean; schema: JsonSchema }[];
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

/**
 * Every API route the app registered, read from its own route table (/api/openapi.json is built
 * from the routes as Fastify registers them), with the body and query schemas the handlers parse
 * with. Tests that must cover every route walk this list, so a route added later is covered or
 * makes them fail.
 */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = (await new TestClient(app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const upper = method.toUpperCase() as ApiRoute['method'];
      const parameters = op.parameters ?? [];
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content['application/json'].schema,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
      };
    }),
  );
}

/** The route's URL with its `{name}` parameters filled in. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}
