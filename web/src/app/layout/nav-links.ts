/** The signed-in navigation links (spec 2); Upgrade is added for non-premium members. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/browse', label: 'Browse' },
  { href: '/locker', label: 'My Locker' },
  { href: '/trades', label: 'Trades' },
  { href: '/messages', label: 'Messages' },
] as const;

export const UPGRADE_LINK = { href: '/membership', label: 'Upgrade' } as const;

/** Whether a nav link points at the current page ("/" only matches itself). */
export function isActivePath(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
