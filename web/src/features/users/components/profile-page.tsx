import { BeingBuilt, Page } from '../../../components/layout/page';

/** A member's profile (/profile/:userId). Placeholder. */
export function ProfilePage() {
  return (
    <Page title="Profile">
      <BeingBuilt />
    </Page>
  );
}
