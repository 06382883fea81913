import type { FastifyInstance } from 'fastify';
import { PageQuerySchema } from '@soleswap/contracts/users';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { findFollows } from './find-follows';
import { followUser, getFollowStatus, unfollowUser } from './follow-user';

const IdParams = z.object({ id: z.string().min(1).max(64) });

export async function followsRoutes(app: FastifyInstance) {
  app.get('/api/users/:id/follow', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return getFollowStatus(app.ctx, { followerId: viewer.id, followingId: id });
  });

  app.post('/api/users/:id/follow', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return followUser(app.ctx, { followerId: viewer.id, followingId: id });
  });

  app.delete('/api/users/:id/follow', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parse(IdParams, request.params);
    return unfollowUser(app.ctx, { followerId: viewer.id, followingId: id });
  });

  for (const side of ['followers', 'following'] as const) {
    const summary = side === 'followers' ? "A member's followers, newest first" : 'Members this member follows, newest first';
    app.get(`/api/users/:id/${side}`, { config: { openapi: { summary, query: PageQuerySchema } } }, async (request) => {
      await requireUser(request);
      const { id } = parse(IdParams, request.params);
      return findFollows(app.ctx, { userId: id, side, query: parse(PageQuerySchema, request.query) });
    });
  }
}
