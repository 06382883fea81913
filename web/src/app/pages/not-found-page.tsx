import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { Card } from '../../components/ui/card';

/** The catch-all page; also what visitors see on member-only paths (see docs/web-client.md#route-availability). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="flex w-full max-w-md flex-col gap-4 p-6">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="size-8 text-destructive" />
          <h1 className="font-display font-extrabold text-2xl">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-muted">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
          Go home
        </Link>
      </Card>
    </div>
  );
}
