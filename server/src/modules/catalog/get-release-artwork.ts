import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { renderReleaseArtwork } from './artwork';
import type { CatalogBrand, ReleasePalette } from './catalog-release-seed';
import { findReleaseById } from './catalog.repository';

/** The generated SVG of a release (GET /api/catalog/:id/artwork.svg). */
export async function getReleaseArtwork(ctx: AppContext, { id }: { id: number }): Promise<string> {
  const row = await findReleaseById(ctx.db, id);
  if (!row) throw notFound('Release');
  return renderReleaseArtwork({ name: row.name, brand: row.brand as CatalogBrand, palette: row.palette as ReleasePalette });
}
