import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { Card } from '../../components/ui/card';

interface NotFoundPageProps {
  /** What is missing, e.g. "Sneaker not found"; a page of the site by default. */
  title?: string;
  description?: string;
}

/** The catch-all page, and what a page shows for a record that does not exist. */
export function NotFoundPage({
  title = 'Page not found',
  description = "There's nothing at this address. It may have moved, or the link may be mistyped.",
}: NotFoundPageProps) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="flex w-full max-w-md flex-col gap-4 p-6">
        <div className="flex items-center gap-2">
          <SearchX aria-hidden="true" className="size-8 text-muted" />
          <h1 className="font-display font-extrabold text-2xl">{title}</h1>
        </div>
        <p className="text-sm text-muted">{description}</p>
        <div className="flex flex-wrap gap-2">
          <Link href="/browse" className={buttonClasses({ className: 'w-fit' })}>
            Browse sneakers
          </Link>
          <Link href="/" className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
            Go home
          </Link>
        </div>
      </Card>
    </div>
  );
}
