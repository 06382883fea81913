// One setting lengthens every test timeout on a busy machine: TEST_TIMEOUT_SCALE (default 1)
// multiplies Vitest's test and hook timeouts (vitest.config.ts) and Playwright's (e2e/playwright.config.ts).

/** The factor TEST_TIMEOUT_SCALE names: a positive number, else 1; a bad value is refused, not ignored. */
export function timeoutScale(env = process.env) {
  const raw = env.TEST_TIMEOUT_SCALE;
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`TEST_TIMEOUT_SCALE must be a positive number (like 1 or 3), not "${raw}"`);
  }
  return scale;
}

/** `ms` times the scale, whole milliseconds. */
export function scaledTimeout(ms, env = process.env) {
  return Math.round(ms * timeoutScale(env));
}
