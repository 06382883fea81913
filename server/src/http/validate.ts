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

/** Parses input with a contracts schema or throws VALIDATION_FAILED naming every bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = zodFields(result.error);
  const first = Object.entries(fields)[0];
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
  throw new AppError('VALIDATION_FAILED', message, { fields });
}
