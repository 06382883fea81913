import { BeingBuilt, Page } from '../../../components/layout/page';

/** Membership checkout (/membership). Placeholder. */
export function MembershipPage() {
  return (
    <Page title="SoleSwap Community">
      <BeingBuilt />
    </Page>
  );
}
