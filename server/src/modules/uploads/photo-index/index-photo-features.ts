import type { AppContext } from '../../../context';
import { readStoredFile } from '../image-store';
import { indexKeys, KEYS_VERSION } from '../photo-match/feature-keys';
import { decodeFeatures, encodeFeatures, extractFeatures } from '../photo-match/photo-features';
import { findPrintsToRekey, findPrintsWithoutFeatures, replaceKeys, saveFeatures } from './photo-prints.repository';

/** Photos given their local features per run of the recurring job. */
export const FEATURE_BATCH = 20;
/** Photos re-keyed from their stored features per run of the recurring job (no picture is read: about a millisecond each). */
export const REKEY_BATCH = 500;
export const PHOTO_FEATURES_JOB = 'uploads.index-photo-features';

/**
 * Computes the local features of photo-index rows that have none yet (these rows, or the oldest
 * FEATURE_BATCH) from the stored picture, and files each under its lookup keys. A picture whose
 * file is gone is marked with empty features (its whole-image fingerprint still counts). Answers how many
 * rows it indexed. Rows keyed by an older key scheme (migration 0073) are then re-keyed from their
 * stored features, REKEY_BATCH a run (rekeyPhotoPrints).
 */
export async function indexPhotoFeatures(ctx: AppContext, { printIds }: { printIds?: readonly number[] } = {}): Promise<number> {
  const rows = await findPrintsWithoutFeatures(ctx.db, { limit: printIds?.length ?? FEATURE_BATCH, ids: printIds });
  let indexed = 0;
  for (const row of rows) {
    const bytes = await readStoredFile(ctx.env.DATA_DIR, row.imageUrl);
    if (!bytes) {
      // Marked done with no features, so the job does not pick it again.
      await saveFeatures(ctx.db, { printId: row.id, features: '', keys: [], keysVersion: KEYS_VERSION });
      continue;
    }
    const features = await extractFeatures(bytes);
    await saveFeatures(ctx.db, { printId: row.id, features: encodeFeatures(features), keys: indexKeys(features), keysVersion: KEYS_VERSION });
    indexed += 1;
  }
  if (!printIds) await rekeyPhotoPrints(ctx);
  return indexed;
}

/**
 * Re-keys up to REKEY_BATCH rows whose keys were made by an older key scheme (keys_version below
 * KEYS_VERSION), from the features they keep: the rebuild of migration 0073. Answers how many.
 */
export async function rekeyPhotoPrints(ctx: AppContext, { limit = REKEY_BATCH }: { limit?: number } = {}): Promise<number> {
  const rows = await findPrintsToRekey(ctx.db, { keysVersion: KEYS_VERSION, limit });
  for (const row of rows) {
    const keys = row.features ? indexKeys(decodeFeatures(row.features)) : [];
    await replaceKeys(ctx.db, { printId: row.id, keys, keysVersion: KEYS_VERSION });
  }
  return rows.length;
}
