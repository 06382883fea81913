import type { FastifyRequest } from 'fastify';
import { STEP_UP_WINDOW_MINUTES } from '@soleswap/contracts/identity';
import { stepUpPairValueCents, tradeValueCents as sharedTradeValueCents } from '@soleswap/contracts/pair-value';
import { MINUTE_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { requireRecentSecondFactor } from '../identity/two-factor/second-factor';
import { findReplacedValuesSince, findSneakerValues } from '../sneakers/sneaker-records';
import { findTradeById } from './trades.repository';

/** A trade's two sides as step-up reads them: the pairs, and the cash each side adds (cents, absent for none). */
export interface StepUpSides {
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
  proposerCashCents?: number;
  receiverCashCents?: number;
}

/**
 * A trade's value now (docs/rules/money.md#a-pairs-value): the larger of its two sides, each its
 * pairs by the one valuation (contracts/src/pair-value.ts: market price by condition, else the
 * owner's estimate). Cents. The via-authentication threshold reads it; step-up reads stepUpValueCents.
 */
export async function tradeValueCents(ctx: AppContext, sides: { proposerSneakerIds: number[]; receiverSneakerIds: number[] }): Promise<number> {
  const pairs = new Map((await findSneakerValues(ctx.db, [...sides.proposerSneakerIds, ...sides.receiverSneakerIds])).map((p) => [p.id, p]));
  const pairsOf = (ids: number[]) => ids.flatMap((id) => pairs.get(id) ?? []);
  return sharedTradeValueCents([{ pairs: pairsOf(sides.proposerSneakerIds) }, { pairs: pairsOf(sides.receiverSneakerIds) }]);
}

/**
 * A trade's value for step-up (issue #39): the larger of its two sides, each its pairs plus the
 * cash it adds (what the member could lose or gain). Each pair is valued by the one valuation, at
 * the highest it had in the last STEP_UP_WINDOW_MINUTES (stepUpPairValueCents), so lowering an
 * estimate or a condition just before proposing does not take the trade under the threshold. Cents.
 */
export async function stepUpValueCents(ctx: AppContext, sides: StepUpSides): Promise<number> {
  const since = new Date(ctx.now().getTime() - STEP_UP_WINDOW_MINUTES * MINUTE_MS);
  const ids = [...sides.proposerSneakerIds, ...sides.receiverSneakerIds];
  const [rows, replaced] = await Promise.all([findSneakerValues(ctx.db, ids), findReplacedValuesSince(ctx.db, ids, since)]);
  const value = new Map(rows.map((pair) => [pair.id, stepUpPairValueCents(pair, replaced.get(pair.id))]));
  const sum = (ids: number[], cash = 0) => ids.reduce((total, id) => total + (value.get(id) ?? 0), cash);
  return Math.max(sum(sides.proposerSneakerIds, sides.proposerCashCents), sum(sides.receiverSneakerIds, sides.receiverCashCents));
}

/**
 * Issue #32: proposing, countering or accepting a trade worth more than STEP_UP_TRADE_VALUE_CENTS
 * (stepUpValueCents: the one pair valuation, cash counted, a lowered estimate or condition at its old value for 10 minutes) needs a
 * second factor used in the last 10 minutes, from a member who has one (403 STEP_UP_REQUIRED
 * before anything changes).
 */
export async function requireStepUpForTrade(ctx: AppContext, request: FastifyRequest, sides: StepUpSides): Promise<void> {
  if ((await stepUpValueCents(ctx, sides)) <= ctx.env.STEP_UP_TRADE_VALUE_CENTS) return;
  await requireRecentSecondFactor(request);
}

/** The same for acting on an existing trade (accept): its own pairs and cash decide. A trade the member is not in is left to the service to refuse. */
export async function requireStepUpForTradeId(ctx: AppContext, request: FastifyRequest, { tradeId, userId }: { tradeId: number; userId: string }) {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || (trade.proposerId !== userId && trade.receiverId !== userId)) return;
  await requireStepUpForTrade(ctx, request, trade);
}
