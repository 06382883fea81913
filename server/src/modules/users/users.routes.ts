import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getUser, getUserStats } from './get-user';

const IdParams = z.object({ id: z.string().min(1).max(64) });

export async function usersRoutes(app: FastifyInstance) {
  app.get('/api/auth/user', async (request) => requireUser(request));

  app.get('/api/users/:id', async (request) => {
    const { id } = parse(IdParams, request.params);
    return getUser(app.ctx, { id, viewer: await optionalUser(request) });
  });

  app.get('/api/users/:id/stats', async (request) => {
    const { id } = parse(IdParams, request.params);
    return getUserStats(app.ctx, { id });
  });
}
