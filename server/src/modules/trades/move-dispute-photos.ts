import type { Db } from '../../db/client';
import { moveUploadToPrivate } from '../uploads/image-store';
import { deleteDisputePhotoMove, listDisputePhotoMoves } from './dispute-evidence.repository';

const BATCH = 200;

/**
 * Moves the dispute photos that were public before issue #39 (listed by migration 0063) into the
 * private folder, at start-up before the server takes requests: each picture and its thumbnail are
 * copied, then their public copies deleted, unless the same picture is also shown publicly
 * elsewhere; then the row is deleted. Nothing is lost: a public file is deleted only once its
 * private copy is written, and a rerun (or a second instance doing the same at once) finds the
 * private copy and goes on. Answers how many were moved and how many had no file left to move.
 */
export async function moveDisputePhotosToPrivate(db: Db, dataDir: string): Promise<{ moved: number; missing: string[] }> {
  let moved = 0;
  const missing: string[] = [];
  for (;;) {
    const batch = await listDisputePhotoMoves(db, BATCH);
    for (const move of batch) {
      if (moveUploadToPrivate(dataDir, move.url, { keepPublic: move.keepPublic })) moved += 1;
      else missing.push(move.url);
      await deleteDisputePhotoMove(db, move.url);
    }
    if (batch.length < BATCH) return { moved, missing };
  }
}
