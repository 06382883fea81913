import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { LOGIN_PATH } from '../../lib/auth-paths';
import { BrandLogo } from './brand-logo';

/** A slim bar for visitors on shared pages (browse, library, tools): home, browse, log in. */
export function PublicHeader() {
  return (
    <header className="border-b border-border bg-background/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <BrandLogo />
        <Link href="/browse" className="ml-auto rounded-lg px-3 py-2 text-sm font-semibold text-muted hover:text-foreground">
          Browse
        </Link>
        {/* A full navigation: /api/login is a server route that starts the sign-in flow. */}
        <a href={LOGIN_PATH} className={buttonClasses({ size: 'sm' })}>
          Log In
        </a>
      </nav>
    </header>
  );
}
