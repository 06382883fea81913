import { BeingBuilt, Page } from '../../../components/layout/page';

/** Sneaker library (/sneaker-library): the public top-100 catalogue. Placeholder. */
export function SneakerLibraryPage() {
  return (
    <Page title="Sneaker Library">
      <BeingBuilt />
    </Page>
  );
}
