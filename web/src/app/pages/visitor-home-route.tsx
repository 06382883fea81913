import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { useLaunchConfig } from '../../features/early-signups/api/get-launch-config';
import { LandingRoute } from './landing-route';

// Only before launch: its form (react-hook-form, about 15 KB gzip) stays off the landing page's
// first load (npm run bench:web, docs/benchmarks.md #44).
const EarlyAccessPage = lazy(() => import('../../features/early-signups/components/early-access-page').then((m) => ({ default: m.EarlyAccessPage })));

/**
 * A visitor's `/`: the landing page once trading is open (LAUNCH_STATE=open, the default), the
 * early-access page before launch. Without an answer from the server it is open, as on a new install.
 */
export function VisitorHomeRoute() {
  const launch = useLaunchConfig();
  if (launch.isPending && !launch.isError) return <PageSpinner />;
  if (launch.data?.launchState === 'early-access') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <EarlyAccessPage />
      </Suspense>
    );
  }
  return <LandingRoute />;
}
