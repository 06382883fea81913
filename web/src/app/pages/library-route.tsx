import { SneakerLibraryPage } from '../../features/sneakers/components/sneaker-library-page';
import { ReleasePriceSparkline } from '../../features/verification/components/price-history-panel';

/** The sneaker library with each release's 30-day price line. */
export function LibraryRoute() {
  return <SneakerLibraryPage releaseExtra={(release) => <ReleasePriceSparkline releaseId={release.id} />} />;
}
