/**
 * JSON with object keys sorted at every depth and no whitespace, so the same
 * value always gives the same text, whatever order PostgreSQL's jsonb returns
 * keys in. Dates become ISO strings (as JSON.stringify does) and undefined
 * object fields are left out, so a payload hashes the same before it is stored
 * and after it is read back. Values JSON cannot carry (NaN, Infinity, bigint,
 * functions) throw instead of silently becoming null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot hash the number ${value}`);
    return JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString()); // throws on an invalid date
  if (typeof value === 'object') {
    const withToJson = value as { toJSON?: () => unknown };
    if (typeof withToJson.toJSON === 'function') return canonicalJson(withToJson.toJSON());
    if (Array.isArray(value)) {
      return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
    }
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  throw new TypeError(`Cannot hash a value of type ${typeof value}`);
}
