import { DAY_MS, HOUR_MS, MINUTE_MS } from '@soleswap/contracts/time';
// Made on first use: a page's first Intl formatter loads the locale data (lib/format.ts).
let shortDateTime: Intl.DateTimeFormat | undefined;

/**
 * How long ago, the one wording of the whole app (chat, trades, notifications): 'Just now' under
 * a minute, 'Nm ago' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, else a short
 * date and time.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < 7 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  shortDateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });
  return shortDateTime.format(then);
}
