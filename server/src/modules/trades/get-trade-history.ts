import type { TradeHistoryEvent } from '@soleswap/contracts/moderation';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { getUser } from '../users/get-user';
import { canSeeTrade } from './trade-access';
import type { TradeViewer } from './trade-view';
import { findTradeById, listTradeEvents } from './trades.repository';

/**
 * A trade's audit trail, oldest first, with who acted: what an admin reads before ruling on a
 * dispute (each side's shipment, tracking number, receipt and reason). Only those who may read
 * the trade may read its history; anyone else is told it does not exist.
 */
export async function getTradeHistory(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<TradeHistoryEvent[]> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const events = await listTradeEvents(ctx.db, tradeId);
  const names = new Map<string, string | null>();
  for (const id of new Set(events.flatMap((e) => (e.actorId ? [e.actorId] : [])))) {
    const user = await getUser(ctx, { id, viewer: null }).catch(() => null);
    names.set(id, user ? (user.username ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || null)) : null);
  }
  return events.map((e) => ({
    id: e.id,
    action: e.action,
    actorId: e.actorId,
    actorName: e.actorId ? (names.get(e.actorId) ?? null) : null,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    data: (e.data as Record<string, unknown> | null) ?? null,
    createdAt: e.createdAt.toISOString(),
  }));
}
