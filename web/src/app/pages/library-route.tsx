import { SneakerLibraryPage } from '../../features/sneakers/components/sneaker-library-page';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { ReleasePriceSparkline } from '../../features/verification/components/price-history-panel';
import { WantButton } from '../../features/wants/components/want-button';

/** The sneaker library with each release's 30-day price line and, for members, a "Want" button. */
export function LibraryRoute() {
  const auth = useCurrentUser();
  return (
    <SneakerLibraryPage
      releaseExtra={(release) => (
        <>
          <ReleasePriceSparkline releaseId={release.id} />
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
