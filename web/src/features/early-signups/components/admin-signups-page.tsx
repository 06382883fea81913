import { BeingBuilt, Page } from '../../../components/layout/page';

/** Early-signup admin list (/admin/signups). Placeholder. */
export function AdminSignupsPage() {
  return (
    <Page title="Early Signups">
      <BeingBuilt />
    </Page>
  );
}
