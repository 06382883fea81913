import type { CatalogStats } from '@soleswap/contracts/catalog';
import { ALL_BRANDS, LIBRARY_BRANDS } from '@soleswap/contracts/sneaker-values';
import { cn } from '../../../lib/cn';

interface LibraryBrandFilterProps {
  value: string;
  onChange: (brand: string) => void;
  stats: CatalogStats | undefined;
}

function countOf(stats: CatalogStats | undefined, brand: string): number | undefined {
  if (!stats) return undefined;
  return stats.brands.find((b) => b.brand.toLowerCase() === brand.toLowerCase())?.count ?? 0;
}

/** The library's brand chips with per-brand counts (8 brands after All Brands; see docs/web-client.md#timings-and-counts). */
export function LibraryBrandFilter({ value, onChange, stats }: LibraryBrandFilterProps) {
  const options = [
    { value: ALL_BRANDS, label: 'All Brands', count: stats?.total },
    ...LIBRARY_BRANDS.map((brand) => ({ value: brand, label: brand, count: countOf(stats, brand) })),
  ];
  return (
    <div role="group" aria-label="Filter by brand" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
      {options.map((option) => {
        const isActive = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              isActive ? 'border-accent bg-accent text-accent-foreground' : 'border-border text-foreground hover:bg-surface-raised',
            )}
          >
            {option.label}
            {option.count !== undefined ? <span className={cn('text-xs', isActive ? 'opacity-80' : 'text-muted')}>({option.count})</span> : null}
          </button>
        );
      })}
    </div>
  );
}
