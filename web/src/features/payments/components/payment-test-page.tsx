import { BeingBuilt, Page } from '../../../components/layout/page';

/** Payment diagnostics (/payment-test), a development tool. Placeholder. */
export function PaymentTestPage() {
  return (
    <Page title="Payment Test">
      <BeingBuilt />
    </Page>
  );
}
