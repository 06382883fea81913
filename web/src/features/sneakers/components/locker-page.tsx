import { BeingBuilt, Page } from '../../../components/layout/page';

/** My Sneaker Locker (/locker): the signed-in member's collection. Placeholder. */
export function LockerPage() {
  return (
    <Page title="My Sneaker Locker">
      <BeingBuilt />
    </Page>
  );
}
