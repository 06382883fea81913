import type { FastifyInstance } from 'fastify';
import {
  PageQuerySchema,
  UpdateProfileSchema,
  type Page,
  type PageQuery,
  type TradeHistoryEntry,
  type User,
  type VerifiedMember,
} from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { optionalUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getUser, getUserStats, type CountMemberActivity } from './get-user';
import { updateProfile } from './update-profile';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * What a profile shows from modules that sit above users (sneakers, follows, trades), handed in at
 * start-up so users never imports them (module layering, see README's Architecture).
 */
export interface UsersRoutesOptions {
  countActivity: CountMemberActivity;
  findTradeHistory: (ctx: AppContext, input: { userId: string; query: PageQuery }) => Promise<Page<TradeHistoryEntry>>;
  /** The VERIFIED tag (the identity module knows the e-mail's confirmation and the second factors). */
  describeVerifiedMember: (ctx: AppContext, user: Pick<User, 'id' | 'isPremiumMember'>, options: { isSelf: boolean }) => Promise<VerifiedMember>;
}

export async function usersRoutes(app: FastifyInstance, { countActivity, findTradeHistory, describeVerifiedMember }: UsersRoutesOptions) {
  /** The user with their VERIFIED tag, judged on the server (what is missing only for themself). */
  const withVerified = async (user: User, viewerId: string | null): Promise<User> => ({
    ...user,
    verifiedMember: await describeVerifiedMember(app.ctx, user, { isSelf: viewerId === user.id }),
  });

  app.get('/api/auth/user', async (request) => {
    const user = await requireUser(request);
    return withVerified(user, user.id);
  });

  app.patch(
    '/api/auth/user',
    {
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: { summary: 'Edit my profile (username, bio, picture)', body: UpdateProfileSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parse(UpdateProfileSchema, request.body);
      const updated = await updateProfile(app.ctx, { user, input });
      request.cachedUser = updated;
      return withVerified(updated, updated.id);
    },
  );

  app.get('/api/users/:id', async (request) => {
    const { id } = parse(IdParams, request.params);
    const viewer = await optionalUser(request);
    return withVerified(await getUser(app.ctx, { id, viewer }), viewer?.id ?? null);
  });

  app.get('/api/users/:id/stats', async (request) => {
    const { id } = parse(IdParams, request.params);
    return getUserStats(app.ctx, { id, viewer: await optionalUser(request) }, countActivity);
  });

  app.get(
    '/api/users/:id/trades/history',
    { config: { openapi: { summary: "A member's completed trades, newest first (members)", query: PageQuerySchema } } },
    async (request) => {
      await requireUser(request);
      const { id } = parse(IdParams, request.params);
      return findTradeHistory(app.ctx, { userId: id, query: parse(PageQuerySchema, request.query) });
    },
  );
}
