import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix the stored images are served under. */
export const UPLOADS_PREFIX = '/uploads/';

/** The object store: a folder under DATA_DIR (see docs/rules/uploads.md#storage-and-urls). */
export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

export interface StoredImageUrls {
  imageUrl: string;
  thumbnailUrl: string;
}

/** `/uploads/ab/<hash>.webp` → `/uploads/ab/<hash>-400.webp`: the thumbnail lives beside its image. */
export function thumbnailUrlFor(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-400.webp');
}

/**
 * Writes the image and its thumbnail under content-hash names (sharded by the first two hex
 * digits), so a URL never changes meaning and can be cached forever. Writing the same picture
 * twice is a no-op. Each file is written to a temporary name and renamed, so a reader never sees half a file.
 */
export function storeImageFiles(dataDir: string, files: { image: Buffer; thumbnail: Buffer }): StoredImageUrls {
  const hash = createHash('sha256').update(files.image).digest('hex').slice(0, 32);
  const shard = hash.slice(0, 2);
  const dir = path.join(uploadsDir(dataDir), shard);
  mkdirSync(dir, { recursive: true });
  const imageUrl = `${UPLOADS_PREFIX}${shard}/${hash}.webp`;
  writeOnce(path.join(dir, `${hash}.webp`), files.image);
  writeOnce(path.join(dir, `${hash}-400.webp`), files.thumbnail);
  return { imageUrl, thumbnailUrl: thumbnailUrlFor(imageUrl) };
}

function writeOnce(file: string, data: Buffer) {
  if (existsSync(file)) return;
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** The bytes behind one of our `/uploads/...` URLs, or null when no such file was stored. */
export async function readStoredFile(dataDir: string, url: string): Promise<Buffer | null> {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const root = uploadsDir(dataDir);
  const file = path.resolve(root, url.slice(UPLOADS_PREFIX.length));
  // The URL was validated by the contracts pattern; this guards the path all the same.
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
