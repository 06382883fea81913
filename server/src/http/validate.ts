import type { z } from 'zod';
import { AppError } from '../errors';

/** Turns every zod issue into `fields` (path → message), so forms can show each one. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const NUL_MESSAGE = 'Text cannot contain NUL characters';

/**
 * Paths of the strings holding U+0000. PostgreSQL text cannot store it (the insert or query
 * fails, a 500), so it is refused with the other input errors, whatever the schema.
 */
function nulFields(value: unknown, path: string[] = [], fields: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) fields[path.length ? path.join('.') : '_'] ??= NUL_MESSAGE;
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nulFields(item, [...path, key], fields);
  }
  return fields;
}

/** Parses input with a contracts schema or throws VALIDATION_FAILED naming every bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  const fields = result.success ? nulFields(result.data) : zodFields(result.error);
  if (result.success && Object.keys(fields).length === 0) return result.data;
  const first = Object.entries(fields)[0];
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
  throw new AppError('VALIDATION_FAILED', message, { fields });
}
