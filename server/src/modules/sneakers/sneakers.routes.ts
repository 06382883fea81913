import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { CreateSneakerSchema, SneakerListQuerySchema, UpdateSneakerSchema, type Sneaker } from '@soleswap/contracts/sneakers';
import { optionalUser, requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import type { RouteDoc } from '../../http/openapi';
import { parse } from '../../http/validate';
import { limitDataUrlDecoding } from '../uploads/image-rate-limit';
import { createSneaker } from './create-sneaker';
import { deleteSneaker } from './delete-sneaker';
import { findSneakers, type SneakerList } from './find-sneakers';
import { getVisibleSneaker } from './get-sneaker';
import { updateSneaker } from './update-sneaker';
import { idParam } from '../../http/id-param';

/** New sneakers one member may add per minute. */
export const SNEAKERS_CREATED_PER_MINUTE = 30;

const UserParams = z.object({ userId: z.string().min(1).max(64) });

/** Text that is no number is "not found"; a number beyond int4 is a 400 (http/id-param.ts), never a 500. */
const sneakerId = (params: unknown) => idParam(params, 'Sneaker');

/** The route's entry in /api/openapi.json. */
const doc = (summary: string, schemas: Omit<RouteDoc, 'summary'> = {}) => ({ config: { openapi: { summary, ...schemas } } });

/** Lists answer arrays (see docs/api.md#lists-and-pages); the next page's cursor travels in a header. */
function sendList(reply: FastifyReply, list: SneakerList): Sneaker[] {
  if (list.nextCursor) reply.header(NEXT_CURSOR_HEADER, list.nextCursor);
  return list.sneakers;
}

export async function sneakersRoutes(app: FastifyInstance) {
  app.get(
    '/api/sneakers',
    doc('Every listing, hidden ones included (members); search, filters, sort, X-Next-Cursor', { query: SneakerListQuerySchema }),
    async (request, reply) => {
      const query = parse(SneakerListQuerySchema, request.query);
      const viewer = await requireUser(request);
      return sendList(reply, await findSneakers(app.ctx, { viewer, scope: { kind: 'members' }, query }));
    },
  );

  app.get('/api/sneakers/public', doc('Listings available for trade (visitors)', { query: SneakerListQuerySchema }), async (request, reply) => {
    const query = parse(SneakerListQuerySchema, request.query);
    const viewer = await optionalUser(request);
    return sendList(reply, await findSneakers(app.ctx, { viewer, scope: { kind: 'public' }, query }));
  });

  app.get(
    '/api/sneakers/user/:userId',
    doc("A member's sneakers (hidden ones only for the owner)", { query: SneakerListQuerySchema }),
    async (request, reply) => {
      const { userId } = parse(UserParams, request.params);
      const query = parse(SneakerListQuerySchema, request.query);
      const viewer = await optionalUser(request);
      return sendList(reply, await findSneakers(app.ctx, { viewer, scope: { kind: 'owner', userId }, query }));
    },
  );

  app.get('/api/sneakers/:id', doc('One sneaker'), async (request) => {
    return getVisibleSneaker(app.ctx, { id: sneakerId(request.params), viewer: await optionalUser(request) });
  });

  // Far above a person filling their locker by hand; a script stops here (429, Retry-After).
  const createConfig = {
    config: { ...doc('Add a sneaker to your locker', { body: CreateSneakerSchema }).config, rateLimit: perMemberLimit(SNEAKERS_CREATED_PER_MINUTE) },
  };
  app.post('/api/sneakers', createConfig, async (request, reply) => {
    const owner = await requireUser(request);
    const input = parse(CreateSneakerSchema, request.body);
    await limitDataUrlDecoding(request, reply, input.imageUrl);
    reply.status(201);
    return createSneaker(app.ctx, { ownerId: owner.id, input });
  });

  app.put('/api/sneakers/:id', doc('Edit, hide or show your sneaker', { body: UpdateSneakerSchema }), async (request, reply) => {
    const actor = await requireUser(request);
    const changes = parse(UpdateSneakerSchema, request.body);
    await limitDataUrlDecoding(request, reply, changes.imageUrl);
    return updateSneaker(app.ctx, { actorId: actor.id, id: sneakerId(request.params), changes });
  });

  app.delete('/api/sneakers/:id', doc('Delete your sneaker'), async (request, reply) => {
    const actor = await requireUser(request);
    await deleteSneaker(app.ctx, { actorId: actor.id, id: sneakerId(request.params) });
    return reply.status(204).send();
  });
}
