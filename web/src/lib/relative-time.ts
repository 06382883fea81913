const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// Made on first use: a page's first Intl formatter loads the locale data (lib/format.ts).
let shortDateTime: Intl.DateTimeFormat | undefined;

/** 'Just now' under a minute, 'Nm ago' under an hour, 'Nh ago' under a day, else a short date and time. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  shortDateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });
  return shortDateTime.format(then);
}
