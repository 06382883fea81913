import type { User } from '@soleswap/contracts/users';

type NamedUser = Pick<User, 'username' | 'firstName'>;

/** Avatar letter: username, else first name, else 'U' (see docs/web-client.md#cards-and-small-behaviours). */
export function avatarInitial(user: NamedUser): string {
  const source = user.username?.trim() || user.firstName?.trim();
  return source ? source[0]!.toUpperCase() : 'U';
}

/** Name in the account menu: username, else first name, else 'User'. */
export function menuName(user: NamedUser): string {
  return user.username?.trim() || user.firstName?.trim() || 'User';
}

/** Name in the home greeting: username, else first name, else 'Trader'. */
export function greetingName(user: NamedUser): string {
  return user.username?.trim() || user.firstName?.trim() || 'Trader';
}

/** Reputation with one decimal; '0.0' when missing or unreadable (see docs/web-client.md#timings-and-counts). */
export function formatReputation(reputation: string | null | undefined): string {
  const value = Number.parseFloat(reputation ?? '');
  return Number.isFinite(value) ? value.toFixed(1) : '0.0';
}
