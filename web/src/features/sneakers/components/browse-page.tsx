import type { Sneaker } from '@soleswap/contracts/sneakers';
import { ALL_BRANDS } from '@soleswap/contracts/sneaker-values';
import { Footprints, Plus, SearchX } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useDeferredList } from '../../../lib/use-deferred-list';
import { useSneakerSearch, type SneakerFilters } from '../api/find-sneakers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BrowseFilters } from './browse-filters';
import { EmptyState } from '../../../components/ui/empty-state';
import { SneakerCard } from './sneaker-card';
import { SneakerGrid, SneakerGridSkeleton } from './sneaker-grid';

/** 8 placeholder cards while browse loads (see docs/web-client.md#timings-and-counts). */
const SKELETON_COUNT = 8;

type OtherFilters = Omit<SneakerFilters, 'q'>;
const NO_FILTERS: OtherFilters = { brand: ALL_BRANDS, size: '', condition: '', sort: '' };

/**
 * The search box follows `?q=` both ways: the nav search lands here with a term,
 * and typing (after the 300 ms debounce) writes the term back, so the address
 * can be shared or reloaded.
 */
function useSearchTermInUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQ = searchParams.get('q') ?? '';
  const [term, setTerm] = useState(urlQ);
  const [seenUrlQ, setSeenUrlQ] = useState(urlQ);
  const debouncedTerm = useDebouncedValue(term).trim();
  const urlQRef = useRef(urlQ);
  useEffect(() => {
    urlQRef.current = urlQ;
  });

  // A new term arrived through the address (the nav search): show it in the box.
  if (urlQ !== seenUrlQ) {
    setSeenUrlQ(urlQ);
    if (urlQ !== term.trim()) setTerm(urlQ);
  }

  useEffect(() => {
    if (debouncedTerm === urlQRef.current) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (debouncedTerm) next.set('q', debouncedTerm);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only a settled term writes the address; reacting to urlQ would undo the nav search.
  }, [debouncedTerm, setSearchParams]);

  return { term, setTerm, query: debouncedTerm };
}

/** The result cards; rendered again only when the list itself changes. */
const BrowseCards = memo(function BrowseCards({ sneakers, viewerId }: { sneakers: readonly Sneaker[]; viewerId: string | null }) {
  return (
    <SneakerGrid label="Sneakers">
      {sneakers.map((sneaker, index) => (
        <li key={sneaker.id}>
          <SneakerCard sneaker={sneaker} viewerId={viewerId} isFirst={index === 0} />
        </li>
      ))}
    </SneakerGrid>
  );
});

/**
 * Browse (/browse; see docs/web-client.md#screens-and-routes): everyone's sneakers with search, brand, size and
 * condition filters, sort, and "Load more". Members read the full list,
 * visitors the public one.
 */
export function BrowsePage() {
  const viewer = useCurrentUser();
  const { term, setTerm, query } = useSearchTermInUrl();
  const [filters, setFilters] = useState<OtherFilters>(NO_FILTERS);
  // Relevance without a search term is meaningless: fall back to the server's default.
  const sort = filters.sort === 'relevance' && !query ? '' : filters.sort;
  const search = useSneakerSearch(viewer.user ? 'member' : 'public', { ...filters, sort, q: query }, { enabled: !viewer.isLoading });
  const found = useMemo(() => search.data?.pages.flatMap((page) => page.sneakers), [search.data]);
  // The cards render after the answer, sliced; the placeholders stay until then.
  const { shown: shownSneakers, isRendering: isRenderingCards } = useDeferredList(found);
  const isFilterActive = query !== '' || filters.brand !== ALL_BRANDS || filters.size !== '' || filters.condition !== '';

  function onClear() {
    setTerm('');
    setFilters(NO_FILTERS);
  }

  return (
    <Page title="Browse Sneakers" description="Find your next pair in other members' lockers.">
      <BrowseFilters
        term={term}
        onTermChange={setTerm}
        filters={filters}
        onFiltersChange={(changes) => setFilters((current) => ({ ...current, ...changes }))}
        onClear={onClear}
      />

      {viewer.isLoading || search.isPending || isRenderingCards ? (
        <SneakerGridSkeleton count={SKELETON_COUNT} />
      ) : search.isError ? (
        <LoadError message="Couldn't load sneakers." onRetry={() => void search.refetch()} />
      ) : !found?.length ? (
        isFilterActive ? (
          <EmptyState icon={<SearchX />} title="No sneakers found" description="Try adjusting your search or filters" />
        ) : (
          <EmptyState
            icon={<Footprints />}
            title="No sneakers yet"
            description="Be the first to add sneakers to the platform!"
            action={
              viewer.user ? (
                <Link href="/locker" className={buttonClasses()}>
                  <Plus aria-hidden="true" />
                  Add Your First Sneaker
                </Link>
              ) : (
                // /locker does not exist for visitors: they sign in first.
                <a href={LOGIN_PATH} className={buttonClasses()}>
                  <Plus aria-hidden="true" />
                  Add Your First Sneaker
                </a>
              )
            }
          />
        )
      ) : (
        <div className="flex flex-col items-center gap-6">
          {/* Earlier results stay visible while a new search loads; say that they are being replaced. */}
          <p role="status" className="sr-only">
            {search.isPlaceholderData ? 'Updating results...' : ''}
          </p>
          {/* Between the page's h1 and the cards' h3s, so headings go down one level at a time. */}
          <h2 className="sr-only">Sneakers</h2>
          <BrowseCards sneakers={shownSneakers} viewerId={viewer.user?.id ?? null} />
          {search.hasNextPage ? (
            <Button variant="outline" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
              {search.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : null}
        </div>
      )}
    </Page>
  );
}
