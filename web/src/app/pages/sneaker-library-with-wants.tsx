import { SneakerLibraryPage } from '../../features/sneakers/components/sneaker-library-page';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { WantButton } from '../../features/wants/components/want-button';

/** /sneaker-library: the catalogue, with a "Want" button on each release for signed-in members. */
export function SneakerLibraryWithWants() {
  const auth = useCurrentUser();
  return <SneakerLibraryPage releaseAction={auth.isAuthenticated ? (release) => <WantButton release={release} /> : undefined} />;
}
