import type { PayoutsPage } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { toPayout } from './pay-payout';
import { listPayouts } from './payouts.repository';

/** The signed-in member's withdrawals, newest first, a page at a time (one query). */
export async function findMyWithdrawals(ctx: AppContext, input: { memberId: string; cursor: number | null; limit: number }): Promise<PayoutsPage> {
  const rows = await listPayouts(ctx.db, input.memberId, { beforeId: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  return { items: page.map(toPayout), nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null };
}
