import { BeingBuilt, Page } from '../../../components/layout/page';

/** Trade management (/trades). Placeholder until the trades slice lands. */
export function TradesPage() {
  return (
    <Page title="Trade Management">
      <BeingBuilt />
    </Page>
  );
}
