/** PostgreSQL's unique_violation, found on the error or anywhere in its cause chain (Drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
