import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** Writes an image and its thumbnail under `root`, named by the image's content hash; answers the hash. */
function storeUnderHash(root: string, files: { image: Buffer; thumbnail: Buffer }): string {
  const hash = createHash('sha256').update(files.image).digest('hex').slice(0, 32);
  const dir = path.join(root, hash.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  writeOnce(path.join(dir, `${hash}.webp`), files.image);
  writeOnce(path.join(dir, `${hash}-400.webp`), files.thumbnail);
  return hash;
}

/**
 * Writes the image and its thumbnail under content-hash names (sharded by the first two hex
 * digits), so a URL never changes meaning and can be cached forever. Writing the same picture
 * twice is a no-op. Each file is written to a temporary name and renamed, so a reader never sees half a file.
 */
export function storeImageFiles(dataDir: string, files: { image: Buffer; thumbnail: Buffer }): StoredImageUrls {
  const hash = storeUnderHash(uploadsDir(dataDir), files);
  const imageUrl = `${UPLOADS_PREFIX}${hash.slice(0, 2)}/${hash}.webp`;
  return { imageUrl, thumbnailUrl: thumbnailUrlFor(imageUrl) };
}

/**
 * Images only some members may see (dispute evidence): a folder under DATA_DIR beside, not inside,
 * the public `uploads/`, so no static route serves it; each read goes through a route that checks
 * who asks (docs/rules/uploads.md#dispute-evidence-photos).
 */
export function privateImagesDir(dataDir: string): string {
  return path.resolve(dataDir, 'private-images');
}

/** A private image's name and its thumbnail's: `<hash>.webp` and `<hash>-400.webp`. */
export interface PrivateImageNames {
  name: string;
  thumbnailName: string;
}

const PRIVATE_NAME = /^([0-9a-f]{32})(-400)?\.webp$/;

/** As storeImageFiles, into the private folder: the names, never a URL anyone may fetch. */
export function storePrivateImageFiles(dataDir: string, files: { image: Buffer; thumbnail: Buffer }): PrivateImageNames {
  const hash = storeUnderHash(privateImagesDir(dataDir), files);
  return { name: `${hash}.webp`, thumbnailName: `${hash}-400.webp` };
}

function privateFile(dataDir: string, name: string): string | null {
  const match = PRIVATE_NAME.exec(name);
  return match ? path.join(privateImagesDir(dataDir), match[1]!.slice(0, 2), name) : null;
}

/** The bytes of a private image (`<hash>.webp` or `<hash>-400.webp`), or null when there is none. */
export async function readPrivateImage(dataDir: string, name: string): Promise<Buffer | null> {
  const file = privateFile(dataDir, name);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/**
 * Moves a public upload (`/uploads/ab/<hash>.webp` and its thumbnail) into the private folder:
 * copied first (written once, under a temporary name then renamed), then, unless `keepPublic`
 * (the same picture is also shown publicly, say as a listing's photo), the public files are
 * deleted. Safe to run twice or on two instances at once. Answers the private name, or null when
 * neither copy exists (nothing to move).
 */
export function moveUploadToPrivate(dataDir: string, url: string, { keepPublic }: { keepPublic: boolean }): string | null {
  const match = /^\/uploads\/[0-9a-f]{2}\/([0-9a-f]{32})\.webp$/.exec(url);
  if (!match) return null;
  const hash = match[1]!;
  const name = `${hash}.webp`;
  const publicDir = path.join(uploadsDir(dataDir), hash.slice(0, 2));
  let found = false;
  for (const file of [name, `${hash}-400.webp`]) {
    const from = path.join(publicDir, file);
    const to = privateFile(dataDir, file)!;
    if (existsSync(to)) {
      found = true;
    } else if (existsSync(from)) {
      mkdirSync(path.dirname(to), { recursive: true });
      writeOnce(to, readFileSync(from));
      found = true;
    }
    if (!keepPublic) rmSync(from, { force: true });
  }
  return found ? name : null;
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
