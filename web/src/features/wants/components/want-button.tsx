import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';

/** "Want" on a catalogue release: opens the wantlist with the release chosen, to pick sizes. */
export function WantButton({ release }: { release: Pick<CatalogRelease, 'id' | 'name'> & { styleCode: string | null } }) {
  // The wantlist finds the release by searching for it, then picks it by id.
  const query = new URLSearchParams({ q: release.styleCode ?? release.name, release: String(release.id) });
  return (
    <Link href={`/wants?${query}`} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Want ${release.name}`}>
      <Heart aria-hidden="true" className="size-4" />
      Want
    </Link>
  );
}
