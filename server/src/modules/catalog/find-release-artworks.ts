import type { Db } from '../../db/client';
import { renderReleaseArtwork } from './artwork';
import type { CatalogBrand, ReleasePalette } from './catalog-release-seed';
import { findArtworkSources } from './release-records.repository';

/** A catalogue release's own artwork, as GET /api/catalog/:id/artwork.svg serves it. */
export interface ReleaseArtwork {
  releaseId: number;
  name: string;
  svg: string;
}

/**
 * The artworks a listing's photo could have been lifted from: its linked release's and those of
 * every release of its brand (verification: the catalogue's own picture is no photo of a pair).
 */
export async function findReleaseArtworks(db: Db, { releaseId, brand }: { releaseId: number | null; brand: string }): Promise<ReleaseArtwork[]> {
  const rows = await findArtworkSources(db, { releaseId, brand });
  return rows.map((row) => ({
    releaseId: row.id,
    name: row.name,
    svg: renderReleaseArtwork({ name: row.name, brand: row.brand as CatalogBrand, palette: row.palette as ReleasePalette }),
  }));
}
