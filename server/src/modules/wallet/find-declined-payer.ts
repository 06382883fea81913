import type { AppContext } from '../../context';
import { findAuthorizationsOfTrade } from './cash.repository';

/**
 * Whose card the provider declined at a trade's acceptance (issue #42): the payer of the trade's
 * latest declined authorization, or null when none was declined (by a wallet balance short of it,
 * for one). Read right after authorizeTradeMoney answered PAYMENT_DECLINED, while the acceptance
 * still holds the trade's claim, so the latest is that acceptance's own.
 */
export async function findDeclinedPayerOfTrade(ctx: AppContext, tradeId: number): Promise<string | null> {
  const declined = (await findAuthorizationsOfTrade(ctx.db, tradeId)).filter((row) => row.status === 'declined');
  return declined.at(-1)?.payerId ?? null;
}
