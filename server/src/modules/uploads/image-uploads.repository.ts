import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imageUploads } from '../../db/schema/index';

export async function insertImageUpload(db: Db, userId: string, imageUrl: string): Promise<void> {
  await db.insert(imageUploads).values({ userId, imageUrl }).onConflictDoNothing();
}

export async function existsImageUpload(db: Db, userId: string, imageUrl: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: imageUploads.userId })
    .from(imageUploads)
    .where(and(eq(imageUploads.userId, userId), eq(imageUploads.imageUrl, imageUrl)));
  return Boolean(row);
}
