import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '@soleswap/contracts/uploads';
import { apiRequest } from '../../../lib/api-client';

/**
 * Uploads a photo as multipart (`POST /api/uploads`, field `file`). The server checks
 * the real type, strips metadata and answers the stored WebP and its thumbnail.
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadedImage>('POST', '/api/uploads', form);
}

/** The add and edit dialogs' photo upload. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
