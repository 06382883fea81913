/**
 * Opaque pagination cursors: base64url JSON. Clients pass them back untouched; callers validate
 * the decoded value with a schema, so a tampered cursor is a 400, never a database error.
 */
export function encodeOpaqueCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The decoded JSON, or undefined when the text is not a cursor we could have written. */
export function decodeOpaqueCursor(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
