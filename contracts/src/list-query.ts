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

/**
 * Record ids are int4 (serial) columns: 1 to ID_MAX. A larger number names no record and must not
 * reach the database (PostgreSQL refuses to compare it: "integer out of range", a 500).
 */
export const ID_MAX = 2_147_483_647;
export const ID_RANGE_MESSAGE = `Ids are whole numbers from 1 to ${ID_MAX}`;

/** A record id in a JSON body: a whole number from 1 to ID_MAX. */
export function recordIdSchema(message: string = ID_RANGE_MESSAGE) {
  return z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);
}

/** Text that reads as a number: a sign, digits, a decimal part, an exponent (`-1`, `1.5`, `1e20`). */
export const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A record id in a URL path or query string: number text that is a whole number from 1 to ID_MAX.
 * Callers decide what text that is no number at all means (a path id: no such record).
 */
export function idTextSchema(message: string = ID_RANGE_MESSAGE) {
  return z.string().regex(NUMBER_TEXT, message).transform(Number).pipe(recordIdSchema(message));
}

/** The `cursor` of a list paged by record id (the last id seen): optional, blank means absent. */
export function idCursorSchema(message = 'Invalid cursor') {
  return z.preprocess(emptyToUndefined, idTextSchema(message).optional());
}
