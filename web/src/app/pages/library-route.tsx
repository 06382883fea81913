import { SneakerLibraryPage } from '../../features/catalog/components/sneaker-library-page';
import { useCurrentUser } from '../../lib/current-user';
import { ReleasePriceSparkline } from '../../features/verification/components/price-history-panel';
import { WantButton } from '../../features/wants/components/want-button';

/** The sneaker library with each release's 30-day price line (one read for the page) and, for members, a "Want" button. */
export function LibraryRoute() {
  const auth = useCurrentUser();
  return (
    <SneakerLibraryPage
      releaseExtra={(release, shownIds) => (
        <>
          <ReleasePriceSparkline releaseId={release.id} shownIds={shownIds} />
          {auth.isAuthenticated ? (
            <div className="pt-3">
              <WantButton release={release} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
