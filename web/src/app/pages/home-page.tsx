import { Flame, Library, Repeat2, Search, Warehouse } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { PageSpinner } from '../../components/ui/spinner';
import { LatestDrops } from '../../features/sneakers/components/latest-drops';
import { UserCounters } from '../../features/users/components/user-counters';
import { WelcomeBanner } from '../../features/users/components/welcome-banner';
import { useRequireAuthRedirect } from '../../features/users/hooks/use-require-auth-redirect';

const TILES: Array<{ href: string; title: string; description: string; icon: ReactNode }> = [
  { href: '/browse', title: 'Browse Sneakers', description: 'Find your next pair from collectors', icon: <Search /> },
  { href: '/trades', title: 'Active Trades', description: 'Proposals, escrow and chat', icon: <Repeat2 /> },
  { href: '/locker', title: 'My Collection', description: 'Manage the pairs in your locker', icon: <Warehouse /> },
  {
    href: '/sneaker-library',
    title: 'Top 100 Sneakers',
    description: "2024-2025's most popular releases",
    icon: <Flame />,
  },
];

/** Signed-in home (/): greeting, counters, shortcuts and the latest drops. */
export function HomePage() {
  const { user, isLoading } = useRequireAuthRedirect();
  if (isLoading || !user) return <PageSpinner label="Loading your dashboard" />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <WelcomeBanner user={user} />
      <UserCounters user={user} />

      <nav aria-label="Quick actions" className="flex flex-wrap gap-2">
        <Link href="/locker" className={buttonClasses()}>
          <Warehouse aria-hidden="true" />
          My Locker
        </Link>
        <Link href="/browse" className={buttonClasses({ variant: 'outline' })}>
          <Search aria-hidden="true" />
          Browse
        </Link>
        <Link href="/sneaker-library" className={buttonClasses({ variant: 'outline' })}>
          <Library aria-hidden="true" />
          Top 100
        </Link>
      </nav>

      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map((tile) => (
          <li key={tile.href}>
            <Link
              href={tile.href}
              className="group flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-accent"
            >
              <span
                aria-hidden="true"
                className="w-fit rounded-xl bg-surface-raised p-2.5 text-accent transition-colors group-hover:bg-accent group-hover:text-accent-foreground [&_svg]:size-5"
              >
                {tile.icon}
              </span>
              <span className="font-semibold">{tile.title}</span>
              <span className="text-sm text-muted">{tile.description}</span>
            </Link>
          </li>
        ))}
      </ul>

      <LatestDrops />
    </div>
  );
}
