import { HOUR_MS, MINUTE_MS, SECOND_MS } from '@soleswap/contracts/time';
import type { QuietHours } from '@soleswap/contracts/push';

/** The hour, minute, second and millisecond `at` shows on a clock in `timeZone`. */
function clockIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(
    at,
  );
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part('hour') % 24, minute: part('minute'), second: part('second'), ms: at.getUTCMilliseconds() };
}

/**
 * When the member's quiet hours end, if `at` falls inside them; null when it does not. The window
 * runs from `startHour` to `endHour` (not included) on the clock of `timeZone`, across midnight when
 * it starts later than it ends (22 to 7). The end is the next time that clock shows `endHour`:00
 * (on a day the clocks change, it may come an hour early or late).
 */
export function quietHoursEnd(at: Date, { startHour, endHour, timeZone }: QuietHours): Date | null {
  const { hour, minute, second, ms } = clockIn(at, timeZone);
  const inside = startHour < endHour ? hour >= startHour && hour < endHour : hour >= startHour || hour < endHour;
  if (!inside) return null;
  const hoursLeft = (endHour - hour + 24) % 24;
  return new Date(at.getTime() - minute * MINUTE_MS - second * SECOND_MS - ms + hoursLeft * HOUR_MS);
}
