import { ID_RANGE_MESSAGE, NUMBER_TEXT, idTextSchema } from '@soleswap/contracts/list-query';
import { AppError, notFound } from '../errors';

const ID_TEXT = idTextSchema();

/**
 * The record id in a URL path (`/api/trades/:id`). Text that is no number at all names no record:
 * 404, as any unknown id. A number outside 1..ID_MAX (`-1`, `1.5`, `1e20`, `2147483648`) is a bad
 * request: 400 naming the parameter, before it can reach the database (an int4 column).
 */
export function idParam(params: unknown, what: string, name = 'id'): number {
  const raw = (params as Record<string, string | undefined>)[name] ?? '';
  if (!NUMBER_TEXT.test(raw)) throw notFound(what);
  const result = ID_TEXT.safeParse(raw);
  if (!result.success) throw new AppError('VALIDATION_FAILED', `${name}: ${ID_RANGE_MESSAGE}`, { fields: { [name]: ID_RANGE_MESSAGE } });
  return result.data;
}
