import type { AppContext } from '../../context';
import { existsImageUpload, insertImageUpload } from './image-uploads.repository';

/**
 * Remembers who uploaded an image. The same picture uploaded by two members is stored once (its
 * name is its content hash) and belongs to both.
 */
export async function recordImageUpload(ctx: AppContext, { userId, imageUrl }: { userId: string; imageUrl: string }): Promise<void> {
  await insertImageUpload(ctx.db, userId, imageUrl);
}

/** True when this member uploaded this `/uploads/...` image through POST /api/uploads. */
export async function isImageUploadedBy(ctx: AppContext, { userId, imageUrl }: { userId: string; imageUrl: string }): Promise<boolean> {
  return existsImageUpload(ctx.db, userId, imageUrl);
}
