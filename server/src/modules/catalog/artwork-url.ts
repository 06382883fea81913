import { createHash } from 'node:crypto';

/**
 * `/api/catalog/:id/artwork.svg?v=<hash>`: the version changes whenever what the picture is
 * drawn from changes (name, brand, palette), so the URL can be cached for a year.
 */
export function artworkUrl(release: { id: number; name: string; brand: string; palette: unknown }): string {
  const version = createHash('sha256')
    .update(JSON.stringify([release.name, release.brand, release.palette]))
    .digest('hex')
    .slice(0, 10);
  return `/api/catalog/${release.id}/artwork.svg?v=${version}`;
}
