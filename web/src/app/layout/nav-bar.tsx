import type { User } from '@soleswap/contracts/users';
import { Crown, Menu, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { useChatUnread } from '../../features/chat/api/get-unread';
import { buttonClasses } from '../../components/ui/button-classes';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { cn } from '../../lib/cn';
import { AdminMenu, AdminMenuSection } from './admin-menu';
import { AvatarMenu } from './avatar-menu';
import { BrandLogo } from './brand-logo';
import { isActivePath, NAV_LINKS, UPGRADE_LINK } from './nav-links';
import { NavSearch } from './nav-search';

interface NavLinkProps {
  href: string;
  label: string;
  location: string;
  className?: string;
  /** A count shown beside the label (unread messages). */
  badge?: number;
}

function NavLink({ href, label, location, className, badge = 0 }: NavLinkProps) {
  const isActive = isActivePath(href, location);
  return (
    <Link
      href={href}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        // One line from lg up (the search box gives way instead): a wrapped "My Locker" stood two lines tall at 1280-1366 px.
        'rounded-lg px-3 py-2 text-sm font-semibold transition-colors lg:whitespace-nowrap hover:text-foreground',
        isActive ? 'text-foreground' : 'text-muted',
        className,
      )}
    >
      {label}
      {badge > 0 ? (
        <>
          <span aria-hidden="true" className="ml-1.5 rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground">
            {badge > 99 ? '99+' : badge}
          </span>
          <span className="sr-only"> ({badge} unread)</span>
        </>
      ) : null}
    </Link>
  );
}

/**
 * The bar on every signed-in page: links (and the Admin menu for admins), search, Upgrade (non-premium), the notification
 * bell and the account menu. The bell stays in the bar on phones too. Below the md breakpoint the links and search move into a menu.
 */
export function NavBar({ user }: { user: User }) {
  const [location] = useLocation();
  // The phone menu is open only on the page it was opened on, so a link inside it that changes
  // the page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === location;
  const setIsMenuOpen = (open: boolean) => setMenuOpenOn(open ? location : null);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const unreadMessages = useChatUnread().data?.total ?? 0;
  const badgeOf = (href: string) => (href === '/messages' ? unreadMessages : 0);

  // Escape closes the phone menu from its button or from inside it, and keyboard users land back
  // on the button. Listening only there leaves Escape in the account menu to the account menu.
  function onMenuKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    setIsMenuOpen(false);
    menuButtonRef.current?.focus();
  }

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandLogo />
        <ul className="ml-4 hidden items-center gap-1 md:flex lg:shrink-0">
          {NAV_LINKS.map((link) => (
            <li key={link.href}>
              <NavLink {...link} location={location} badge={badgeOf(link.href)} />
            </li>
          ))}
          {user.role === 'admin' ? (
            <li>
              <AdminMenu location={location} />
            </li>
          ) : null}
          {user.role === 'inspector' ? (
            <li>
              <NavLink href="/inspection" label="Inspection" location={location} />
            </li>
          ) : null}
        </ul>
        <NavSearch className="ml-auto hidden w-56 min-w-0 md:block lg:w-72" />
        {user.isPremiumMember ? null : (
          // The wrapper hides it on phones: the button's own display class would win over `hidden`.
          <span className="hidden md:block">
            <Link href={UPGRADE_LINK.href} className={buttonClasses({ size: 'sm' })}>
              {UPGRADE_LINK.label}
            </Link>
          </span>
        )}
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <NotificationBell />
          <AvatarMenu user={user} />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            ref={menuButtonRef}
            onClick={() => setIsMenuOpen(!isMenuOpen)}
            onKeyDown={onMenuKeyDown}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </nav>

      {isMenuOpen ? (
        <div id={menuId} className="border-t border-border px-4 pt-3 pb-4 md:hidden" onKeyDown={onMenuKeyDown}>
          <NavSearch className="mb-3" onSearch={() => setIsMenuOpen(false)} />
          <ul className="flex flex-col">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink {...link} location={location} className="block py-3" badge={badgeOf(link.href)} />
              </li>
            ))}
            {user.role === 'admin' ? <AdminMenuSection location={location} /> : null}
            <li className="mt-2">
              {user.isPremiumMember ? (
                <span className="flex items-center gap-2 px-3 py-3 text-sm font-semibold text-premium">
                  <Crown aria-hidden="true" className="size-4" />
                  Premium Member
                </span>
              ) : (
                <Link href={UPGRADE_LINK.href} className={buttonClasses({ className: 'w-full' })}>
                  {UPGRADE_LINK.label}
                </Link>
              )}
            </li>
          </ul>
        </div>
      ) : null}
    </header>
  );
}
