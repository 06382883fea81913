import { z } from 'zod';
import type { Trade, TradeCounts, TradeListQuery } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { listTradePageOfUser, type TradePosition } from './trade-page.repository';
import { tradeViewsOfPage, type TradeViewer } from './trade-view';
import { countTradesOfUserByStatus } from './trades.repository';

/** [created_at as PostgreSQL text, id]: the last trade of the page before. */
const CursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/),
  z.number().int().positive().max(2_147_483_647),
]);

function decodeCursor(cursor: string | undefined): TradePosition | undefined {
  if (cursor === undefined) return undefined;
  const parsed = CursorSchema.safeParse(decodeOpaqueCursor(cursor));
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  return { key: parsed.data[0], id: parsed.data[1] };
}

/**
 * The caller's trades as proposer or receiver, newest first, a page at a time, optionally of one
 * status (GET /api/trades); the cursor of the next page, or null on the last. One statement reads
 * the page with its sneakers, counterparts and the caller's ratings.
 */
export async function findMyTrades(
  ctx: AppContext,
  { viewer, query }: { viewer: TradeViewer; query: TradeListQuery },
): Promise<{ trades: Trade[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor);
  const rows = await listTradePageOfUser(ctx.db, { userId: viewer.id, status: query.status, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? page[page.length - 1]! : null;
  return {
    trades: tradeViewsOfPage(page, viewer),
    nextCursor: last ? encodeOpaqueCursor([last.key, last.id]) : null,
  };
}

/** How many of the caller's trades each tab of the trades page lists (GET /api/trades/counts). */
export async function countMyTrades(ctx: AppContext, { viewer }: { viewer: TradeViewer }): Promise<TradeCounts> {
  const byStatus = await countTradesOfUserByStatus(ctx.db, viewer.id);
  let all = 0;
  for (const n of byStatus.values()) all += n;
  return { pending: byStatus.get('pending') ?? 0, accepted: byStatus.get('accepted') ?? 0, completed: byStatus.get('completed') ?? 0, all };
}
