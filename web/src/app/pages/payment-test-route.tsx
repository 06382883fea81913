import { Page } from '../../components/layout/page';
import { PageSpinner } from '../../components/ui/spinner';
import { useServerInfo } from '../../features/diagnostics/api/get-server-info';
import { DisabledNotice } from '../../features/diagnostics/components/disabled-notice';
import { isDisabledError } from '../../features/diagnostics/is-disabled-error';
import { PaymentTestPage } from '../../features/payments/components/payment-test-page';

/**
 * /payment-test is a development tool like /auth-test: where the server has the tools switched
 * off (production), the page only says so, and offers nothing that would start a payment.
 */
export function PaymentTestRoute() {
  const serverInfo = useServerInfo();
  if (serverInfo.isPending) return <PageSpinner label="Checking the development tools" />;
  if (isDisabledError(serverInfo.error)) {
    return (
      <Page title="Payment Test">
        <DisabledNotice />
      </Page>
    );
  }
  return <PaymentTestPage />;
}
