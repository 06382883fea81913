import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { useCatalogReleases } from '../../../lib/catalog-releases';
import { formatUsd } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Fewer characters match half the catalogue. */
const MIN_QUERY_LENGTH = 2;
const RESULT_LIMIT = 8;

interface CatalogSearchProps {
  onSelect: (release: CatalogRelease) => void;
  disabled?: boolean;
}

/**
 * Typeahead over the catalogue (`GET /api/catalog?q=`) that links the sneaker
 * to a release. A combobox: arrow keys move through the results, Enter picks,
 * Escape closes.
 */
export function CatalogSearch({ onSelect, disabled }: CatalogSearchProps) {
  const id = useId();
  const listId = `${id}-results`;
  const [term, setTerm] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const query = useDebouncedValue(term.trim());
  const isSearching = query.length >= MIN_QUERY_LENGTH;
  const releases = useCatalogReleases({ q: query, brand: 'all', limit: RESULT_LIMIT }, { enabled: isSearching });
  const results = isSearching ? (releases.data ?? []) : [];
  const isListShown = isOpen && isSearching;

  function pick(release: CatalogRelease) {
    onSelect(release);
    setTerm('');
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && isListShown && results[activeIndex]) {
      // Enter picks the highlighted release instead of submitting the whole form.
      event.preventDefault();
      pick(results[activeIndex]);
    } else if (event.key === 'Escape' && isListShown) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  }

  return (
    <div className="relative flex flex-col gap-1.5">
      <Label htmlFor={id}>Find it in the catalogue</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          placeholder="Search by name, model or style code"
          autoComplete="off"
          value={term}
          disabled={disabled}
          onChange={(event) => {
            setTerm(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setIsOpen(false)}
          className="pl-9"
        />
      </div>
      <p className="text-xs text-muted">Linking a release fills in the details and its market price.</p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Catalogue releases"
        hidden={!isListShown}
        className="absolute top-[4.25rem] z-10 max-h-72 w-full overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-2xl"
      >
        {releases.isFetching && results.length === 0 ? (
          <li className="px-3 py-2 text-sm text-muted">Searching...</li>
        ) : results.length === 0 ? (
          <li className="px-3 py-2 text-sm text-muted">No release matches "{query}"</li>
        ) : (
          results.map((release, index) => (
            <li
              key={release.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(release);
              }}
              className={cn(
                'flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm',
                index === activeIndex ? 'bg-surface-raised' : 'hover:bg-surface-raised',
              )}
            >
              <span className="font-semibold">{release.name}</span>
              <span className="text-xs text-muted">
                {release.brand} · {release.styleCode} · {formatUsd(release.marketPrice)}
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
