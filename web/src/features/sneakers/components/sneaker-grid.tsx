import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

const GRID = 'grid w-full grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/**
 * Cards out of view skip style, layout and paint until scrolled near: on a phone's one column, 2 of
 * browse's 24 cards are in view (the intrinsic size keeps the scrollbar honest meanwhile).
 */
const CARD_CELLS = '[&>li]:[contain-intrinsic-size:auto_30rem] [&>li]:[content-visibility:auto]';

/** The card grid of browse, the locker and profiles: one column on small phones, four on wide screens. */
export function SneakerGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className={`${GRID} ${CARD_CELLS}`}>
      {children}
    </ul>
  );
}

/** `count` placeholder cards shaped like sneaker cards (8 on browse and in the locker; see docs/web-client.md#timings-and-counts). */
export function SneakerGridSkeleton({ count, label = 'Loading sneakers' }: { count: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} data-testid="sneaker-skeleton" className="overflow-hidden">
          <Skeleton className="aspect-square rounded-none" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-5 w-1/4" />
            <Skeleton className="mt-2 h-8 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}
