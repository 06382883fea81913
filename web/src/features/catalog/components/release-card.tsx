import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { formatUsd, formatUtcDate } from '../../../lib/format';
import { SneakerImage } from '../../../components/ui/sneaker-image';

/** "2024-03-15" → "Mar 15, 2024"; read as UTC so no time zone shifts the day. */
export function formatReleaseDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : formatUtcDate(date);
}

/** One catalogue release in the library: artwork, name, colorway, style code, date and prices. `isFirst`: its artwork loads at once. */
export function ReleaseCard({ release, extra, isFirst = false }: { release: CatalogRelease; extra?: ReactNode; isFirst?: boolean }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <article aria-label={release.name} className="flex h-full flex-col">
        <SneakerImage src={release.artworkUrl} alt={`${release.name} artwork`} className="bg-surface-raised object-contain p-2" priority={isFirst} />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <p className="text-xs font-semibold tracking-wide text-accent uppercase">{release.brand}</p>
          <h3 className="line-clamp-2 font-semibold leading-snug">{release.name}</h3>
          <p className="line-clamp-1 text-sm text-muted">{release.colorway}</p>
          <p className="font-mono text-xs text-muted">{release.styleCode}</p>
          <p className="flex items-center gap-1 text-xs text-muted">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Released </span>
            {formatReleaseDate(release.releaseDate)}
          </p>
          <dl className="mt-auto grid grid-cols-2 gap-2 pt-3 text-sm">
            <div>
              <dt className="text-xs text-muted">Retail</dt>
              <dd className="font-semibold">{formatUsd(release.retailPrice)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Market</dt>
              <dd className="font-display font-extrabold text-accent">{formatUsd(release.marketPrice)}</dd>
            </div>
          </dl>
          {extra}
        </div>
      </article>
    </Card>
  );
}
