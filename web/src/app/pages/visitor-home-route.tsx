import { PageSpinner } from '../../components/ui/spinner';
import { useLaunchConfig } from '../../features/early-signups/api/get-launch-config';
import { EarlyAccessPage } from '../../features/early-signups/components/early-access-page';
import { LandingRoute } from './landing-route';

/**
 * A visitor's `/`: the landing page once trading is open (LAUNCH_STATE=open, the default), the
 * early-access page before launch. Without an answer from the server it is open, as on a new install.
 */
export function VisitorHomeRoute() {
  const launch = useLaunchConfig();
  if (launch.isPending && !launch.isError) return <PageSpinner />;
  if (launch.data?.launchState === 'early-access') return <EarlyAccessPage />;
  return <LandingRoute />;
}
