import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WalletQuerySchema } from '@soleswap/contracts/wallet';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { findMyWallet } from './find-my-wallet';

/** Wallet reads are counted per member. */
const perMember = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const userId = request.session?.get('userId');
    return userId ? `wallet:member:${userId}` : `wallet:ip:${request.ip}`;
  },
});

export async function walletRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/wallet',
    { config: { rateLimit: perMember(60), openapi: { summary: "The member's wallet: balance and entries, newest first" } } },
    async (request) => {
      const user = await requireUser(request);
      const query = parse(WalletQuerySchema, request.query);
      return findMyWallet(ctx, { memberId: user.id, cursor: query.cursor ?? null, limit: query.limit });
    },
  );
}
