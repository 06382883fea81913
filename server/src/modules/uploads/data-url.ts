import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE } from '@soleswap/contracts/uploads';
import { AppError } from '../../errors';

const DATA_URL = /^data:image\/[a-z0-9.+-]{2,20};base64,/i;

/**
 * The bytes of a `data:image/...;base64,` URL (older clients' way of sending an image, docs/rules/uploads.md). The size
 * cap is checked on the encoded length first, so an oversized URL is never decoded.
 */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE);
  const base64 = dataUrl.slice(prefix[0].length).replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE);
  return Buffer.from(base64, 'base64');
}
