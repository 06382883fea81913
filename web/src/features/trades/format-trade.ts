import type { TradeCounterparty } from '@soleswap/contracts/trades';


/** The sum of decimal-string amounts in integer cents, so no float drift shows up in totals. */
export function sumUsd(amounts: readonly string[]): string {
  const cents = amounts.reduce((total, amount) => {
    const value = Number.parseFloat(amount);
    return Number.isFinite(value) ? total + Math.round(value * 100) : total;
  }, 0);
  return (cents / 100).toFixed(2);
}

/** A trading partner's display name: username, else full name, else 'Trader'. */
export function partyName(user: Pick<TradeCounterparty, 'username' | 'firstName' | 'lastName'>): string {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return user.username?.trim() || fullName || 'Trader';
}

/** Reputation with one decimal; '0.0' when missing or unreadable (see docs/web-client.md#timings-and-counts). */
export function formatReputation(reputation: string | null | undefined): string {
  const value = Number.parseFloat(reputation ?? '');
  return Number.isFinite(value) ? value.toFixed(1) : '0.0';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** 'Just now', 'Nm ago', 'Nh ago', else a short date and time (see docs/web-client.md#timings-and-counts). */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return SHORT_DATE_TIME.format(then);
}

