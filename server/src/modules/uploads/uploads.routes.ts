import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { UploadDataUrlSchema, type UploadedImage } from '@soleswap/contracts/uploads';
import { requireUser } from '../../http/auth';
import { UPLOADS_PREFIX, uploadsDir } from './image-store';
import { readUploadedImage, registerImageMultipart, UPLOADS_PER_MINUTE } from './read-uploaded-image';
import { saveImage } from './save-image';
import { recordImageUpload } from './upload-ownership';

/**
 * POST /api/uploads (multipart `file`, or JSON `{ dataUrl }`) and the stored files under /uploads/.
 * Only public pictures live there; dispute photos are private (`privateImagesDir`), outside this root.
 */
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
  await registerImageMultipart(app);

  app.post(
    '/api/uploads',
    {
      config: {
        rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' },
        openapi: { summary: 'Upload an image (multipart field "file", or JSON { dataUrl }) → { imageUrl, thumbnailUrl }', body: UploadDataUrlSchema },
      },
    },
    async (request, reply): Promise<UploadedImage> => {
      const user = await requireUser(request);
      const bytes = await readUploadedImage(request, reply);
      const stored = await saveImage(app.ctx, { bytes });
      await recordImageUpload(app.ctx, { userId: user.id, imageUrl: stored.imageUrl });
      reply.status(201);
      return { imageUrl: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl };
    },
  );
}
