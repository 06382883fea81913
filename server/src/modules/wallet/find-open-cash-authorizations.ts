import type { AppContext } from '../../context';
import { findOpenAuthorizationIds } from './cash.repository';

/** Authorizations still requested or held, oldest first: what may still need a capture or a release. */
export async function findOpenCashAuthorizations(
  ctx: AppContext,
  limit: number,
): Promise<Array<{ id: number; tradeId: number | null; loopId: number | null }>> {
  return findOpenAuthorizationIds(ctx.db, limit);
}
