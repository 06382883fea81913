import { mkdirSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_IMAGE_MESSAGE,
  UploadDataUrlSchema,
  type UploadedImage,
} from '@soleswap/contracts/sneakers';
import { AppError } from '../../errors';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { decodeImageDataUrl } from './data-url';
import { UPLOADS_PREFIX, uploadsDir } from './image-store';
import { limitImageDecoding } from './image-rate-limit';
import { saveImage } from './save-image';
import { recordImageUpload } from './upload-ownership';

/** POST /api/uploads (multipart `file`, or JSON `{ dataUrl }`) and the stored files under /uploads/. */
export async function uploadsRoutes(app: FastifyInstance) {
  const root = uploadsDir(app.ctx.env.DATA_DIR);
  mkdirSync(root, { recursive: true });

  // Content-hash names never change meaning, so browsers may keep them for a year.
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '365d',
    immutable: true,
  });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  app.post(
    '/api/uploads',
    {
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        openapi: { summary: 'Upload an image (multipart field "file", or JSON { dataUrl }) → { imageUrl, thumbnailUrl }', body: UploadDataUrlSchema },
      },
    },
    async (request, reply): Promise<UploadedImage> => {
      const user = await requireUser(request);
      await limitImageDecoding(request, reply);
      const bytes = request.isMultipart() ? await readMultipartFile(request) : decodeImageDataUrl(parse(UploadDataUrlSchema, request.body).dataUrl);
      const stored = await saveImage(app.ctx, { bytes });
      await recordImageUpload(app.ctx, { userId: user.id, imageUrl: stored.imageUrl });
      reply.status(201);
      return { imageUrl: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl };
    },
  );
}

async function readMultipartFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { fields: { file: 'Choose an image to upload' } });
    return await file.toBuffer();
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
