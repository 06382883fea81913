import type { TradeCounterparty } from '@soleswap/contracts/trades';

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

/** The one relative-time rule, shared with chat (see docs/web-client.md#timings-and-counts). */
export { formatRelativeTime } from '../../lib/relative-time';
