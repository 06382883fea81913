import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client';
import { findReleaseArtworks } from '../../catalog/find-release-artworks';
import { fingerprintImage } from '../../uploads/image-fingerprint';
import { loadSharp } from '../../uploads/load-sharp';
import { processImage } from '../../uploads/process-image';
import type { CatalogImage } from '../types';

/** Artwork is drawn as it would be saved from the site at a large size, then run through the upload pipeline like any photo. */
const ARTWORK_RASTER_WIDTH = 1200;

/** Fingerprints by the artwork's SVG hash: the artwork is deterministic, so each is computed once per process. */
const cache = new Map<string, Promise<string>>();

async function artworkFingerprint(svg: string): Promise<string> {
  const key = createHash('sha256').update(svg).digest('hex');
  let print = cache.get(key);
  if (!print) {
    print = (async () => {
      const sharp = await loadSharp();
      const raster = await sharp(Buffer.from(svg)).resize(ARTWORK_RASTER_WIDTH).png().toBuffer();
      const { thumbnail } = await processImage(raster);
      return (await fingerprintImage(thumbnail)).fingerprint;
    })();
    cache.set(key, print);
    print.catch(() => cache.delete(key));
  }
  return print;
}

/**
 * The catalogue's own artworks a listing's photo is compared with (docs/rules/verification.md#catalogue-artwork):
 * its linked release's and those of its brand's releases, fingerprinted as an upload of them would be.
 */
export async function findCatalogImages(db: Db, listing: { releaseId: number | null; brand: string }): Promise<CatalogImage[]> {
  const artworks = await findReleaseArtworks(db, listing);
  return Promise.all(artworks.map(async (a) => ({ releaseId: a.releaseId, name: a.name, fingerprint: await artworkFingerprint(a.svg) })));
}
