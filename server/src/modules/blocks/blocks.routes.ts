import type { FastifyInstance } from 'fastify';
import { PageQuerySchema } from '@soleswap/contracts/users';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { blockUser, getBlockStatus, unblockUser, type BlockConsequences } from './block-user';
import { findMyBlocks } from './find-my-blocks';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** What a block ends comes from the follows, trades and loops modules (see register-modules), which sit above blocks. */
export async function blocksRoutes(app: FastifyInstance, consequences: BlockConsequences) {
  app.get('/api/users/me/blocks', { config: { openapi: { summary: 'Members I block, newest first', query: PageQuerySchema } } }, async (request) => {
    const viewer = await requireUser(request);
    return findMyBlocks(app.ctx, { userId: viewer.id, query: parse(PageQuerySchema, request.query) });
  });

  app.get('/api/users/:id/block', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return getBlockStatus(app.ctx, { blockerId: viewer.id, blockedId: id });
  });

  app.post('/api/users/:id/block', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return blockUser(app.ctx, { blockerId: viewer.id, blockedId: id }, consequences);
  });

  app.delete('/api/users/:id/block', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return unblockUser(app.ctx, { blockerId: viewer.id, blockedId: id });
  });
}
