import { LogIn } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { Card } from '../../components/ui/card';
import { loginHref } from '../../features/identity/login-href';

/**
 * What a visitor sees on a member-only page (/locker, /trades, /analytics...): a sign-in that
 * brings them back to this very page afterwards, instead of a 404 (see docs/web-client.md#route-availability).
 */
export function SignInRequiredPage() {
  const [path] = useLocation();
  const search = useSearch();
  const here = search ? `${path}?${search}` : path;
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="flex w-full max-w-md flex-col gap-4 p-6">
        <div className="flex items-center gap-2">
          <LogIn aria-hidden="true" className="size-7 text-accent" />
          <h1 className="font-display font-extrabold text-2xl">Sign in to continue</h1>
        </div>
        <p className="text-sm text-muted">This page is for members. Sign in, or create a free account, and you will come straight back here.</p>
        <div className="flex flex-wrap gap-2">
          {/* /api/login is a server route: a full navigation, not a client-side link. */}
          <a href={loginHref(here)} className={buttonClasses({})}>
            Sign in
          </a>
          <Link href="/browse" className={buttonClasses({ variant: 'outline' })}>
            Browse sneakers
          </Link>
        </div>
      </Card>
    </div>
  );
}
