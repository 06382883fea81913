import { BeingBuilt, Page } from '../../../components/layout/page';

/** Older membership page (/membership-old). Placeholder. */
export function MembershipOldPage() {
  return (
    <Page title="Premium Membership">
      <BeingBuilt />
    </Page>
  );
}
