import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Footprints } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLatestSneakers } from '../api/get-latest-sneakers';
import { formatCondition, formatUsd } from '../../../lib/format';
import { SneakerImage } from './sneaker-image';

/** The home page asks for 8 and shows 4 (see docs/web-client.md#timings-and-counts). */
const SHOWN = 4;

function DropCard({ sneaker }: { sneaker: Sneaker }) {
  return (
    <Card className="overflow-hidden">
      <SneakerImage src={sneaker.thumbnailUrl ?? sneaker.imageUrl} alt={sneaker.name} />
      <div className="flex flex-col gap-1 p-3">
        <h3 className="line-clamp-1 font-semibold">{sneaker.name}</h3>
        <p className="text-xs text-muted">
          Size {sneaker.size} • {formatCondition(sneaker.condition)}/10
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <span className="font-display font-extrabold text-accent">{formatUsd(sneaker.estimatedValue)}</span>
          <span className="truncate text-xs text-muted">{sneaker.brand}</span>
        </div>
      </div>
    </Card>
  );
}

/** "Latest Drops" on the home page: the 4 newest sneakers, or an empty state. */
export function LatestDrops() {
  const sneakers = useLatestSneakers();
  const shown = (sneakers.data ?? []).slice(0, SHOWN);

  return (
    <section aria-labelledby="latest-drops-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 id="latest-drops-heading" className="font-display font-extrabold text-xl">
          Latest Drops
        </h2>
        <Link href="/browse" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          View All
        </Link>
      </div>
      {sneakers.isLoading ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: SHOWN }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4]" />
          ))}
        </div>
      ) : sneakers.isError ? (
        <Card role="alert" className="p-6 text-center text-sm text-muted">
          Couldn't load the latest drops. Refresh the page to try again.
        </Card>
      ) : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <Footprints className="size-10 text-muted" aria-hidden="true" />
          <h3 className="font-semibold">No recent sneakers</h3>
          <p className="text-sm text-muted">Be the first to add sneakers to the platform!</p>
        </Card>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {shown.map((sneaker) => (
            <li key={sneaker.id}>
              <DropCard sneaker={sneaker} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
