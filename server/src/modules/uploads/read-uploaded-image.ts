import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UploadDataUrlSchema } from '@soleswap/contracts/uploads';
import { AppError } from '../../errors';
import { parse } from '../../http/validate';
import { decodeImageDataUrl } from './data-url';
import { limitImageDecoding } from './image-rate-limit';

/** Uploads from one address per minute, on each upload route (POST /api/uploads, the dispute photos' upload). */
export const UPLOADS_PER_MINUTE = 60;

/**
 * The multipart parser image uploads are read with (one file, nothing else), for the routes of the
 * plugin it is registered in: POST /api/uploads and the dispute photos' upload.
 */
export async function registerImageMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
}

/**
 * The image a member sends to an upload route, as bytes still to be checked and decoded: a
 * multipart `file`, or JSON `{ dataUrl }`. Counts one image decode for the member first
 * (IMAGE_DECODES_PER_MINUTE), so call it only once the caller may upload here.
 */
export async function readUploadedImage(request: FastifyRequest, reply: FastifyReply): Promise<Uint8Array> {
  await limitImageDecoding(request, reply);
  return request.isMultipart() ? readMultipartFile(request, reply) : decodeImageDataUrl(parse(UploadDataUrlSchema, request.body).dataUrl);
}

/**
 * The most one multipart upload may send: the image and room for its part headers and
 * boundaries. Past it the request ends there (see readMultipartFile).
 */
export const MULTIPART_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

/**
 * The one file of a multipart upload. At IMAGE_MAX_BYTES of file, or MULTIPART_MAX_BYTES of body
 * (a preamble or parts that are no file count too), reading stops: the request is unpiped and
 * paused, and the 413 goes out with `Connection: close`, so Node closes the socket once it is
 * sent instead of draining the rest (a 100 MB part was read to its end, 6 s, before its 413).
 */
async function readMultipartFile(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const raw = request.raw;
  let endAtCap = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    endAtCap = () => {
      raw.off('data', count);
      raw.unpipe();
      raw.pause();
      reply.header('connection', 'close');
      reject(new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE));
    };
  });
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MULTIPART_MAX_BYTES) endAtCap();
  };
  // request.file() pipes the body into the parser before its first await, so counting starts with the first byte.
  const reading = readFilePart(request, () => endAtCap());
  raw.on('data', count);
  // Whichever loses the race settles unobserved.
  stopped.catch(() => undefined);
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, stopped]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', 'Send one image in a field named file');
    }
    throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE, { cause: error });
  }
}

/** Reads the first file part; `onLimit` as soon as it passes the parser's fileSize limit (not at the part's end). */
async function readFilePart(request: FastifyRequest, onLimit: () => void): Promise<Buffer> {
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { fields: { file: 'Choose an image to upload' } });
  const stream = file.file;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('limit', onLimit);
    stream.once('error', reject);
    stream.once('end', () => (stream.truncated ? onLimit() : resolve(Buffer.concat(chunks))));
  });
}
