import { z } from 'zod';

/** What POST /api/uploads accepts and answers, and the image URLs a row may hold. */

/** The upload cap, on the decoded bytes (docs/rules/uploads.md#what-is-accepted). */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Longest edge of the stored image and of its thumbnail, in pixels. */
export const IMAGE_MAX_EDGE = 1600;
export const THUMBNAIL_EDGE = 400;
export const UNSUPPORTED_IMAGE_MESSAGE = 'Upload a JPEG, PNG, WebP, GIF or AVIF image';
export const IMAGE_TOO_LARGE_MESSAGE = 'Images can be at most 8 MB';

const UPLOAD_URL = /^\/uploads\/[a-z0-9]{2}\/[a-z0-9]{16,64}\.webp$/;
const DATA_URL = /^data:image\/[a-z0-9.+-]{2,20};base64,/i;

/** True for a `data:image/...;base64,` URL (to be decoded and stored by the server). */
export function isImageDataUrl(value: string): boolean {
  return DATA_URL.test(value);
}

/** True for a URL our upload endpoint hands out. */
export function isUploadUrl(value: string): boolean {
  return UPLOAD_URL.test(value);
}

/** POST /api/uploads with a JSON body (the multipart form takes a `file` field instead). */
export const UploadDataUrlSchema = z.object({
  dataUrl: z.string({ error: UNSUPPORTED_IMAGE_MESSAGE }).refine(isImageDataUrl, UNSUPPORTED_IMAGE_MESSAGE),
});
export type UploadDataUrl = z.infer<typeof UploadDataUrlSchema>;

/** Answer of POST /api/uploads: put `imageUrl` in a sneaker's `imageUrl`. */
export interface UploadedImage {
  imageUrl: string;
  thumbnailUrl: string;
}
