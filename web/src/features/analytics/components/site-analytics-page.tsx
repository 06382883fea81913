import { BeingBuilt, Page } from '../../../components/layout/page';

/** Site statistics (/analytics-dashboard), admins. Placeholder. */
export function SiteAnalyticsPage() {
  return (
    <Page title="Site Analytics">
      <BeingBuilt />
    </Page>
  );
}
