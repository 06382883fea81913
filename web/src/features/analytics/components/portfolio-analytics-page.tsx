import { BeingBuilt, Page } from '../../../components/layout/page';

/** Portfolio analytics (/analytics), premium members. Placeholder. */
export function PortfolioAnalyticsPage() {
  return (
    <Page title="Portfolio Analytics">
      <BeingBuilt />
    </Page>
  );
}
