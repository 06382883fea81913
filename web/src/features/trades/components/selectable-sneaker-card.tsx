import { pairValueCents } from '@soleswap/contracts/pair-value';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatCondition, formatUsd } from '../../../lib/format';
import { SneakerThumb } from './sneaker-thumb';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';

interface SelectableSneakerCardProps {
  sneaker: Sneaker;
  isSelected: boolean;
  onToggle: (id: number) => void;
}

/** A sneaker in a picker: a toggle button (Enter and Space work), pressed when selected. */
export function SelectableSneakerCard({ sneaker, isSelected, onToggle }: SelectableSneakerCardProps) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={() => onToggle(sneaker.id)}
      className={cn(
        'relative flex w-full items-center gap-3 rounded-xl border p-2.5 text-left transition-colors',
        isSelected ? 'border-accent bg-accent/10' : 'border-border bg-surface hover:border-muted',
      )}
    >
      <SneakerThumb sneaker={sneaker} className="size-16" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/* The whole name, wrapped: a clamp cut names like "Air Jordan 4 Retro Military Black" to a few letters. */}
        <span className="text-sm font-semibold break-words">{sneaker.name}</span>
        <span className="text-xs text-muted">
          {sneaker.brand} · Size {sneaker.size} · {formatCondition(sneaker.condition)}/10
        </span>
        {/* The one valuation (contracts/src/pair-value.ts): the value the meter, the hold and step-up use. */}
        <span className="text-sm font-bold text-accent">{formatUsd(pairValueCents(sneaker) / 100)}</span>
        <VerdictBadge verdict={sneaker.verdict} />
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border',
          isSelected ? 'border-accent bg-accent text-accent-foreground' : 'border-border',
        )}
      >
        {isSelected ? <Check className="size-4" /> : null}
      </span>
    </button>
  );
}
