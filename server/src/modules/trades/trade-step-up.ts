import type { FastifyRequest } from 'fastify';
import { toCents } from '@soleswap/contracts/money-values';
import type { AppContext } from '../../context';
import { requireRecentSecondFactor } from '../identity/two-factor/second-factor';
import { readSneakersForTrade } from '../sneakers/sneaker-records';
import { findTradeById } from './trades.repository';

/**
 * A trade's value for step-up: the larger of its two sides, each the sum of its pairs' estimates
 * (what the member could lose or gain). Cents.
 */
export async function tradeValueCents(ctx: AppContext, sides: { proposerSneakerIds: number[]; receiverSneakerIds: number[] }): Promise<number> {
  const pairs = await readSneakersForTrade(ctx.db, [...sides.proposerSneakerIds, ...sides.receiverSneakerIds]);
  const value = new Map(pairs.map((p) => [p.id, toCents(String(p.estimatedValue))]));
  const sum = (ids: number[]) => ids.reduce((total, id) => total + (value.get(id) ?? 0), 0);
  return Math.max(sum(sides.proposerSneakerIds), sum(sides.receiverSneakerIds));
}

/**
 * Issue #32: proposing, countering or accepting a trade worth more than STEP_UP_TRADE_VALUE_CENTS
 * needs a second factor used in the last 10 minutes, from a member who has one (403
 * STEP_UP_REQUIRED before anything changes).
 */
export async function requireStepUpForTrade(
  ctx: AppContext,
  request: FastifyRequest,
  sides: { proposerSneakerIds: number[]; receiverSneakerIds: number[] },
): Promise<void> {
  if ((await tradeValueCents(ctx, sides)) <= ctx.env.STEP_UP_TRADE_VALUE_CENTS) return;
  await requireRecentSecondFactor(request);
}

/** The same for acting on an existing trade (accept): its own pairs decide. A trade the member is not in is left to the service to refuse. */
export async function requireStepUpForTradeId(ctx: AppContext, request: FastifyRequest, { tradeId, userId }: { tradeId: number; userId: string }) {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || (trade.proposerId !== userId && trade.receiverId !== userId)) return;
  await requireStepUpForTrade(ctx, request, trade);
}
