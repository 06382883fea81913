import { BeingBuilt, Page } from '../../../components/layout/page';

/** Browse (/browse): everyone's sneakers, searchable. Placeholder until the sneakers slice lands. */
export function BrowsePage() {
  return (
    <Page title="Browse Sneakers">
      <BeingBuilt />
    </Page>
  );
}
