import { usePaymentsConfig } from '../../features/payments/api/payments-api';
import { LandingPage } from '../../features/landing/components/landing-page';

/** The landing page with the membership price the server is configured with. */
export function LandingRoute({ showVisitorHeader }: { showVisitorHeader?: boolean }) {
  const config = usePaymentsConfig();
  return <LandingPage showVisitorHeader={showVisitorHeader} priceText={config.data?.priceText} />;
}
