import type { Sneaker } from '@soleswap/contracts/sneakers';
import { MAX_SNEAKERS_PER_SIDE } from '@soleswap/contracts/trades';
import { useId, type ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { SelectableSneakerCard } from './selectable-sneaker-card';

interface SneakerPickerColumnProps {
  title: string;
  sneakers: Sneaker[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Loads the list again after a failure. */
  onRetry: () => unknown;
  selected: readonly number[];
  onToggle: (id: number) => void;
  /** Shown when the person has no tradable sneakers. */
  empty: ReactNode;
}

/** One side of a trade: a titled list of toggleable sneaker cards. */
export function SneakerPickerColumn({ title, sneakers, isLoading, isError, onRetry, selected, onToggle, empty }: SneakerPickerColumnProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-lg font-extrabold">
          {title}
        </h2>
        <p className="text-xs text-muted" aria-live="polite">
          {selected.length} of {MAX_SNEAKERS_PER_SIDE} selected
        </p>
      </div>
      {isLoading ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : isError ? (
        <LoadError message="Couldn't load these sneakers." onRetry={onRetry} className="p-4" />
      ) : !sneakers || sneakers.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface p-5 text-center text-sm text-muted">{empty}</div>
      ) : (
        <ul className="flex flex-col gap-2">
          {sneakers.map((sneaker) => (
            <li key={sneaker.id}>
              <SelectableSneakerCard sneaker={sneaker} isSelected={selected.includes(sneaker.id)} onToggle={onToggle} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
