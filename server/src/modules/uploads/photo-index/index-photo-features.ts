import type { AppContext } from '../../../context';
import { readStoredFile } from '../image-store';
import { indexKeys } from '../photo-match/feature-keys';
import { encodeFeatures, extractFeatures } from '../photo-match/photo-features';
import { findPrintsWithoutFeatures, saveFeatures } from './photo-prints.repository';

/** Photos given their local features per run of the recurring job. */
export const FEATURE_BATCH = 20;
export const PHOTO_FEATURES_JOB = 'uploads.index-photo-features';

/**
 * Computes the local features of photo-index rows that have none yet (these rows, or the oldest
 * FEATURE_BATCH) from the stored picture, and files each under its lookup keys. A picture whose
 * file is gone is marked with empty features (its whole-image fingerprint still counts). Answers how many
 * rows it indexed.
 */
export async function indexPhotoFeatures(ctx: AppContext, { printIds }: { printIds?: readonly number[] } = {}): Promise<number> {
  const rows = await findPrintsWithoutFeatures(ctx.db, { limit: printIds?.length ?? FEATURE_BATCH, ids: printIds });
  let indexed = 0;
  for (const row of rows) {
    const bytes = await readStoredFile(ctx.env.DATA_DIR, row.imageUrl);
    if (!bytes) {
      // Marked done with no features, so the job does not pick it again.
      await saveFeatures(ctx.db, { printId: row.id, features: '', keys: [] });
      continue;
    }
    const features = await extractFeatures(bytes);
    await saveFeatures(ctx.db, { printId: row.id, features: encodeFeatures(features), keys: indexKeys(features) });
    indexed += 1;
  }
  return indexed;
}
