import { canonicalJson } from '@soleswap/contracts/canonical-json';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Limits on what a parsed JSON body may hold. JSON.parse happily returns Infinity for 1e999 and
 * builds objects nested thousands of levels deep; no request of ours needs either, and code that
 * walks a body recursively (schemas, the Idempotency-Key hash) would fail on them with a 500.
 */
export const MAX_JSON_DEPTH = 32;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  Array.isArray(value) || (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value)));

interface Visit {
  value: unknown;
  depth: number;
  key?: string;
  parent?: Visit;
}

function refuse(at: Visit, message: string): never {
  const path: string[] = [];
  for (let v: Visit | undefined = at; v?.key !== undefined; v = v.parent) path.unshift(v.key);
  const field = path.length ? path.join('.') : '_';
  throw new AppError('VALIDATION_FAILED', path.length ? `${field}: ${message}` : message, { fields: { [field]: message } });
}

/**
 * Throws VALIDATION_FAILED (naming the field) for a non-finite number or nesting deeper than
 * MAX_JSON_DEPTH. Walks with its own stack, so even a body nested 100,000 levels deep is refused
 * without exhausting the call stack.
 */
export function assertBoundedJson(body: unknown): void {
  const stack: Visit[] = [{ value: body, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'number' && !Number.isFinite(value)) refuse(visit, 'Numbers must be finite and within range');
    if (!isContainer(value)) continue;
    if (depth >= MAX_JSON_DEPTH) refuse(visit, `The body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, depth: depth + 1, key, parent: visit });
  }
}

/**
 * Checks every parsed body before validation and the handler, for all routes. Only plain JSON
 * values are looked at (uploads and the sign-in provider's forms are not parsed into objects here).
 */
export function registerJsonBodyCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (typeof request.body === 'number' || isContainer(request.body)) assertBoundedJson(request.body);
  });
}

/**
 * Deterministic JSON text of a parsed body (object keys sorted), for hashing. A body outside the
 * limits above is refused with VALIDATION_FAILED rather than failing the request with a 500.
 */
export function stableJson(value: unknown): string {
  assertBoundedJson(value);
  return canonicalJson(value);
}
