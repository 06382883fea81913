import { BeingBuilt, Page } from '../../../components/layout/page';

/** Create a trade proposal (/trades/create?target=&owner=). Placeholder. */
export function CreateTradePage() {
  return (
    <Page title="Create Trade Proposal">
      <BeingBuilt />
    </Page>
  );
}
