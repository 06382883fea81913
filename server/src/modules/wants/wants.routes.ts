import type { FastifyInstance } from 'fastify';
import { CreateWantSchema, MatchesQuerySchema, ReorderWantsSchema, UpdateWantSchema, WantListQuerySchema } from '@soleswap/contracts/wants';
import { requireUser } from '../../http/auth';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { parse } from '../../http/validate';
import { createWant } from './create-want';
import { deleteWant } from './delete-want';
import { findMyMatches } from './find-my-matches';
import { findMyWants } from './find-my-wants';
import { recordNewMatches } from './record-new-matches';
import { refreshMemberMatches } from './refresh-member-matches';
import { reorderWants } from './reorder-wants';
import { updateWant } from './update-want';
import { idParam } from '../../http/id-param';

/** Want ids in URLs are user input: text that is no number is "not found", a number beyond int4 a 400 (http/id-param.ts). */
function wantIdOf(params: unknown): number {
  return idParam(params, 'Want');
}

export async function wantsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // A new or changed listing may complete a swap someone is waiting for.
  const onListingChanged = ({ userId }: { userId: string }) => recordNewMatches(ctx, { userId }).then(() => undefined);
  ctx.events.on('sneaker.created', onListingChanged);
  ctx.events.on('sneaker.updated', onListingChanged);
  // A trade or loop locks or frees its members' pairs (no pair row changes): their matches are computed again.
  const onPairsLockedOrFreed = async ({ userIds }: { userIds: string[] }) => {
    for (const userId of new Set(userIds)) await refreshMemberMatches(ctx, { userId });
  };
  ctx.events.on('trade.changed', onPairsLockedOrFreed);
  ctx.events.on('loop.changed', onPairsLockedOrFreed);

  // At most MAX_WANTS wants exist, the largest limit: one page is the whole wantlist.
  const wantsDoc = { summary: "The caller's wantlist, first choice first (at most 50, one page)", query: WantListQuerySchema };
  app.get('/api/wants', { config: { openapi: wantsDoc } }, async (request) => {
    const user = await requireUser(request);
    const { limit } = parse(WantListQuerySchema, request.query);
    return findMyWants(ctx, { userId: user.id, limit });
  });

  app.post('/api/wants', { config: { openapi: { summary: 'Add a release to the wantlist', body: CreateWantSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(CreateWantSchema, request.body);
    reply.code(201);
    return createWant(ctx, { userId: user.id, input });
  });

  // Registered before /:id so "order" is never read as an id.
  app.put('/api/wants/order', { config: { openapi: { summary: 'Rank the wantlist', body: ReorderWantsSchema } } }, async (request) => {
    const user = await requireUser(request);
    const { ids } = parse(ReorderWantsSchema, request.body);
    return reorderWants(ctx, { userId: user.id, ids });
  });

  app.put('/api/wants/:id', { config: { openapi: { summary: 'Change a want', body: UpdateWantSchema } } }, async (request) => {
    const user = await requireUser(request);
    const wantId = wantIdOf(request.params);
    const input = parse(UpdateWantSchema, request.body);
    return updateWant(ctx, { userId: user.id, wantId, input });
  });

  app.delete('/api/wants/:id', { config: { openapi: { summary: 'Remove a want' } } }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteWant(ctx, { userId: user.id, wantId: wantIdOf(request.params) });
    return reply.status(204).send();
  });

  const matchesDoc = {
    summary: "The caller's two-way matches, best first, a page of at most `limit` (50) (X-Next-Cursor), and on the first page their loop suggestions",
    query: MatchesQuerySchema,
  };
  app.get('/api/matches', { config: { openapi: matchesDoc } }, async (request, reply) => {
    const user = await requireUser(request);
    const query = parse(MatchesQuerySchema, request.query);
    const { body, nextCursor } = await findMyMatches(ctx, { userId: user.id, query });
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return body;
  });
}
