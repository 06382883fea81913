// Numbers, money and dates for display, written out by hand in en-US form rather than through
// Intl: a page's first Intl formatter loads the browser's locale data, 40–50 ms of one long task on
// a slow phone (docs/performance/web-first-render.md). The tests check every helper against Intl.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1234567" → "1,234,567": digits grouped by three. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234 → "1,234"; a count as en-US writes it. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.abs(Math.trunc(value));
  return `${value <= -1 ? '-' : ''}${groupDigits(String(whole))}`;
}

/**
 * |value| with `digits` decimals, rounded half away from zero on its shortest decimal form (as Intl
 * rounds: 12345.675 → "12345.68", where toFixed gives .67 from the binary value).
 */
function fixedDecimals(value: number, digits: 0 | 2): string {
  const text = String(Math.abs(value));
  if (text.includes('e')) return Math.abs(value).toFixed(digits);
  const [whole = '0', fraction = ''] = text.split('.');
  let kept = whole + fraction.slice(0, digits).padEnd(digits, '0');
  if (fraction.length > digits && fraction.charCodeAt(digits) >= 53 /* '5' */) {
    kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  }
  const wholeDigits = kept.slice(0, kept.length - digits) || '0';
  return digits === 0 ? wholeDigits : `${wholeDigits}.${kept.slice(kept.length - digits)}`;
}

/** `value` in dollars with `fractionDigits` cents digits: "-$1,234.50". */
function dollars(value: number, fractionDigits: 0 | 2): string {
  const [whole = '0', cents] = fixedDecimals(value, fractionDigits).split('.');
  return `${value < 0 ? '-' : ''}$${groupDigits(whole)}${cents === undefined ? '' : `.${cents}`}`;
}

/** "250.00" → "$250.00"; money arrives as decimal strings, formatted only for display. */
export function formatUsd(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return Number.isFinite(value) ? dollars(value, 2) : '—';
}

/** 1234.5 → "$1,235": whole dollars. */
export function formatWholeUsd(value: number): string {
  return Number.isFinite(value) ? dollars(value, 0) : '—';
}

/** A date as "Mar 15, 2024", read in UTC so no time zone shifts the day. */
export function formatUtcDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "a1b2c3d4e5…9f0e1d": enough of a hash to recognise, short enough for a phone. */
export function shortenHash(hash: string, head = 10, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}

/** "9.5" → "9.5", "10.0" → "10": the condition out of 10 without a trailing ".0". */
export function formatCondition(condition: string): string {
  const value = Number.parseFloat(condition);
  return Number.isFinite(value) ? String(value) : condition;
}
