import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { ALL_BRANDS } from '@soleswap/contracts/sneaker-values';
import { Library, RefreshCw, SearchX } from 'lucide-react';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useCatalogStats } from '../api/get-catalog-stats';
import { useSeedCatalog } from '../api/seed-catalog';
import { useLibraryReleases } from '../api/find-library-releases';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeferredList } from '../../../lib/use-deferred-list';
import { useRenderedInSteps } from '../../../lib/use-rendered-in-steps';
import { EmptyState } from '../../../components/ui/empty-state';
import { LibraryBrandFilter } from './library-brand-filter';
import { LibraryStats } from './library-stats';
import { ReleaseCard } from './release-card';
import { SearchField } from '../../../components/ui/search-field';
import { LoadError } from '../../../components/ui/load-error';

/** The library shows the whole top 100 at once, and 12 skeletons while it loads (see docs/web-client.md#timings-and-counts). */
const LIBRARY_LIMIT = 100;
const SKELETON_COUNT = 12;
const GRID = 'grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4';

/**
 * Sneaker library (/sneaker-library, public): the top-100 catalogue with stats,
 * text search, brand chips with counts, and, for admins, "Update Library".
 */
/** Extra content under a release card; `shownIds` are every release the page shows, for one batched read. */
export type ReleaseExtra = (release: CatalogRelease, shownIds: readonly number[]) => ReactNode;

/**
 * One card of the grid, kept as it is while later cards are added: the grid grows in steps
 * (useRenderedInSteps), and without this every step rendered every card again (550 card renders
 * for 100 cards in steps of 10).
 */
const LibraryItem = memo(function LibraryItem({
  release,
  shownIds,
  releaseExtra,
  isFirst,
}: {
  release: CatalogRelease;
  shownIds: readonly number[];
  releaseExtra?: ReleaseExtra;
  isFirst: boolean;
}) {
  return <ReleaseCard release={release} extra={releaseExtra?.(release, shownIds)} isFirst={isFirst} />;
});

export function SneakerLibraryPage({ releaseExtra }: { releaseExtra?: ReleaseExtra } = {}) {
  const viewer = useCurrentUser();
  const isAdmin = viewer.user?.role === 'admin';
  const [term, setTerm] = useState('');
  const [brand, setBrand] = useState<string>(ALL_BRANDS);
  const query = useDebouncedValue(term).trim();
  const stats = useCatalogStats();
  const releases = useLibraryReleases({ q: query, brand, limit: LIBRARY_LIMIT });
  const suggestion = releases.data?.suggestion ?? null;
  const seed = useSeedCatalog();

  const isLoadError = releases.isError || stats.isError;
  useEffect(() => {
    if (isLoadError) toast({ title: 'Error', description: 'Failed to load sneaker library', variant: 'destructive' });
  }, [isLoadError]);

  // The cards render after the answer, sliced; the placeholders stay until then.
  const { shown, isRendering: isRenderingCards } = useDeferredList(releases.data?.releases);
  const shownIds = useMemo(() => shown.map((release) => release.id), [shown]);
  const renderedCount = useRenderedInSteps(shown.length, 10);
  const total = stats.data?.total ?? shown.length;
  const isFiltered = query !== '' || brand !== ALL_BRANDS;
  const isLibraryEmpty = stats.data?.total === 0 || (!isFiltered && releases.isSuccess && shown.length === 0);

  function onSeed() {
    seed.mutate(undefined, {
      onSuccess: () => toast({ title: 'Database Updated', description: 'Successfully populated with top 100 popular sneakers' }),
      onError: () => toast({ title: 'Error', description: 'Failed to update sneaker database', variant: 'destructive' }),
    });
  }

  const seedLabel = seed.isPending ? 'Updating...' : 'Update Library';

  return (
    <Page
      title="Sneaker Library"
      description="The 100 most popular releases of 2024-2025, with retail and market prices."
      actions={
        isAdmin ? (
          <Button variant="outline" onClick={onSeed} disabled={seed.isPending}>
            <RefreshCw aria-hidden="true" className={seed.isPending ? 'animate-spin' : undefined} />
            {seedLabel}
          </Button>
        ) : null
      }
    >
      <LibraryStats stats={stats.data} isLoading={stats.isLoading} />

      <div className="mb-4 flex flex-col gap-3">
        <SearchField label="Search the library" placeholder="Search by name, brand, model or colorway..." value={term} onChange={setTerm} />
        <LibraryBrandFilter value={brand} onChange={setBrand} stats={stats.data} />
      </div>

      {releases.isPending || isRenderingCards ? (
        <div role="status" aria-label="Loading the library" className={GRID}>
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <Skeleton key={i} data-testid="release-skeleton" className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      ) : releases.isError ? (
        <LoadError message="Couldn't load the library." onRetry={() => void releases.refetch()} />
      ) : isLibraryEmpty ? (
        <EmptyState
          icon={<Library />}
          title="The library is empty"
          description={isAdmin ? 'Load the 100 most popular releases of 2024-2025.' : 'An admin can load the top 100 releases.'}
          action={
            isAdmin ? (
              <Button onClick={onSeed} disabled={seed.isPending}>
                {seed.isPending ? 'Loading...' : 'Load Top 100 Sneakers'}
              </Button>
            ) : null
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchX />}
          title="No sneakers found"
          description={suggestion ? `Did you mean “${suggestion}”?` : 'Try another search or brand.'}
          action={
            suggestion ? (
              <Button variant="outline" onClick={() => setTerm(suggestion)}>
                Search for “{suggestion}”
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <p role="status" className="mb-3 text-sm text-muted">
            Showing {shown.length} of {total} sneakers
          </p>
          {/* Between the page's h1 and the cards' h3s, so headings go down one level at a time. */}
          <h2 className="sr-only">Releases</h2>
          <ul aria-label="Releases" className={GRID}>
            {shown.slice(0, renderedCount).map((release, index) => (
              // Cards out of view skip style, layout and paint until scrolled near (the
              // intrinsic size keeps the scrollbar honest meanwhile).
              <li key={release.id} className="[contain-intrinsic-size:auto_26rem] [content-visibility:auto]">
                <LibraryItem release={release} shownIds={shownIds} releaseExtra={releaseExtra} isFirst={index < 2} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
