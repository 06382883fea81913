import type { FastifyInstance } from 'fastify';
import {
  FileHoldAppealSchema,
  RuleHoldAppealSchema,
  type HoldAppeal,
  type HoldAppealAction,
  type TradeHoldAppeal,
} from '@soleswap/contracts/hold-appeals';
import type { User } from '@soleswap/contracts/users';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { fileHoldAppeal } from './file-hold-appeal';
import { findOpenHoldAppeals } from './find-hold-appeals';
import { getTradeHoldAppeal } from './get-trade-hold-appeal';
import type { HoldAppealTradeAccess } from './hold-appeal-trade-access';
import { ruleHoldAppeal } from './rule-hold-appeal';

/** Appeals one member may file per minute (one per capture: the rest are refused anyway). */
export const HOLD_APPEALS_PER_MINUTE = 10;

const actorOf = (user: User) => ({ id: user.id, isAdmin: user.role === 'admin' });

/**
 * Appeals of a captured protection hold (docs/rules/money.md#appealing-a-capture): the member's, on
 * the trade; the admins' queue and rulings. `tradeParties`: who may see the trade (handed in by trades).
 */
export async function holdAppealsRoutes(app: FastifyInstance, { tradeParties }: { tradeParties: HoldAppealTradeAccess }) {
  const { ctx } = app;

  app.get(
    '/api/trades/:id/hold-appeal',
    {
      config: { openapi: { summary: "The caller's appeal of a protection hold captured on the trade, and whether they may file one (its parties)" } },
    },
    async (request): Promise<TradeHoldAppeal> => {
      const user = await requireUser(request);
      return getTradeHoldAppeal(ctx, { actor: actorOf(user), tradeId: idParam(request.params, 'Trade') }, tradeParties);
    },
  );

  const fileDoc = {
    summary: 'Appeal the capture of your protection hold, within 7 days of it (the member whose pair failed authentication)',
    body: FileHoldAppealSchema,
  };
  app.post(
    '/api/trades/:id/hold-appeal',
    { config: { openapi: fileDoc, rateLimit: perMemberLimit(HOLD_APPEALS_PER_MINUTE) } },
    async (request, reply): Promise<HoldAppeal> => {
      const user = await requireUser(request);
      const tradeId = idParam(request.params, 'Trade');
      const input = parse(FileHoldAppealSchema, request.body);
      const appeal = await fileHoldAppeal(ctx, { actor: actorOf(user), tradeId, input }, tradeParties);
      reply.status(201);
      return appeal;
    },
  );

  app.get(
    '/api/admin/hold-appeals',
    { config: { openapi: { summary: 'Appeals of captured protection holds waiting for a ruling, oldest first (admins)' } } },
    async (request): Promise<HoldAppeal[]> => {
      await requireAdmin(request);
      return findOpenHoldAppeals(ctx);
    },
  );

  const ruling = (action: HoldAppealAction, summary: string) =>
    app.post(
      `/api/admin/hold-appeals/:id/${action}`,
      { config: { openapi: { summary, body: RuleHoldAppealSchema } } },
      async (request): Promise<HoldAppeal> => {
        const admin = await requireAdmin(request);
        const appealId = idParam(request.params, 'Appeal');
        const input = parse(RuleHoldAppealSchema, request.body);
        return ruleHoldAppeal(ctx, { actor: actorOf(admin), appealId, action, input });
      },
    );
  ruling('reverse', 'Reverse the capture: the hold goes back to its owner, with a note both members read (admins; sent again, nothing moves twice)');
  ruling('uphold', 'Uphold the capture, with a note both members read (admins)');
}
