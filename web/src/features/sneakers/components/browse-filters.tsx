import { CONDITIONS, FILTER_BRANDS } from '@soleswap/contracts/sneaker-values';
import { SIZE_SYSTEM_LABELS, SIZE_SYSTEMS, sizeLabel, sizesIn } from '@soleswap/contracts/sneaker-sizes';
import type { SneakerSort } from '@soleswap/contracts/sneakers';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import type { SneakerFilters } from '../api/find-sneakers';
import { BrandFilter } from './brand-filter';
import { NativeSelect } from '../../../components/ui/native-select';
import { SearchField } from '../../../components/ui/search-field';

const SORT_LABELS: Record<SneakerSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  value_desc: 'Value: high to low',
  value_asc: 'Value: low to high',
};

interface BrowseFiltersProps {
  /** The search box's text as typed (the query waits for the debounce). */
  term: string;
  onTermChange: (term: string) => void;
  filters: Omit<SneakerFilters, 'q'>;
  onFiltersChange: (changes: Partial<Omit<SneakerFilters, 'q'>>) => void;
  onClear: () => void;
}

/** Browse's search box, brand, size, condition and sort, and Clear Filters. */
export function BrowseFilters({ term, onTermChange, filters, onFiltersChange, onClear }: BrowseFiltersProps) {
  const id = useId();
  const isSearching = term.trim() !== '';
  // Relevance only means something while searching; otherwise the default order is newest.
  const sortValue = filters.sort && (filters.sort !== 'relevance' || isSearching) ? filters.sort : isSearching ? 'relevance' : 'newest';
  const sorts = (Object.keys(SORT_LABELS) as SneakerSort[]).filter((sort) => sort !== 'relevance' || isSearching);

  return (
    <div className="mb-6 flex flex-col gap-3">
      <SearchField label="Search sneakers" placeholder="Search by name, brand, model or colorway..." value={term} onChange={onTermChange} />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <BrandFilter value={filters.brand} onChange={(brand) => onFiltersChange({ brand })} brands={FILTER_BRANDS} className="sm:w-44" />
        <div className="sm:w-36">
          <Label htmlFor={`${id}-size`} className="sr-only">
            Size filter
          </Label>
          <NativeSelect id={`${id}-size`} value={filters.size} onChange={(event) => onFiltersChange({ size: event.target.value })}>
            <option value="">All sizes</option>
            {SIZE_SYSTEMS.map((system) => (
              <optgroup key={system} label={SIZE_SYSTEM_LABELS[system]}>
                {sizesIn(system).map((size) => {
                  const label = sizeLabel(system, size);
                  return (
                    <option key={label} value={label}>
                      {label}
                    </option>
                  );
                })}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <div className="sm:w-48">
          <Label htmlFor={`${id}-condition`} className="sr-only">
            Minimum condition
          </Label>
          <NativeSelect id={`${id}-condition`} value={filters.condition} onChange={(event) => onFiltersChange({ condition: event.target.value })}>
            <option value="">Any condition</option>
            {CONDITIONS.filter((c) => c.value !== '5').map((c) => (
              <option key={c.value} value={c.value}>
                {c.value === '10' ? '10 - Deadstock only' : `${c.value}+ - ${c.label} or better`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="sm:w-48">
          <Label htmlFor={`${id}-sort`} className="sr-only">
            Sort by
          </Label>
          <NativeSelect id={`${id}-sort`} value={sortValue} onChange={(event) => onFiltersChange({ sort: event.target.value as SneakerSort })}>
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="ghost" onClick={onClear} className="col-span-2 sm:col-span-1">
          <X aria-hidden="true" />
          Clear Filters
        </Button>
      </div>
    </div>
  );
}
