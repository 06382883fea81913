import { z } from 'zod';

/**
 * The pieces every list endpoint shares: blank query parameters, search text, page size and the
 * opaque cursor, and the header that carries the next page's cursor.
 */

export const SEARCH_QUERY_MAX = 100;

/** The next page's cursor header lives in list-values.ts (no schema library) for the web's first pages. */
export { NEXT_CURSOR_HEADER } from './list-values';

/** Query strings send `?q=` for nothing: blank means absent. */
export const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The `q` of a list query: optional, trimmed, at most SEARCH_QUERY_MAX characters. */
export const searchTextSchema = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`).optional(),
);

/**
 * The query of a read answered from the response cache: parameters it does not name are refused
 * (VALIDATION_FAILED) rather than ignored, so `?x=1` can neither bypass the cache with an answer
 * it would not keep nor make a second entry for the same answer.
 */
export function queryObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined),
  });
}

/** The `limit` of a list query: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitSchema(max: number, fallback: number) {
  const message = `Limit must be a number from 1 to ${max}`;
  return z.preprocess(emptyToUndefined, z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback));
}

/** The opaque `cursor` of a list query (decoded and checked by the server). */
export function cursorSchema(maxLength: number) {
  return z.preprocess(emptyToUndefined, z.string().max(maxLength, 'Invalid cursor').optional());
}
