import type { HistorySneaker, Page, PageQuery, TradeHistoryEntry } from '@soleswap/contracts/users';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { getUser } from '../users/get-user';
import { toMemberSummary } from '../users/member-summary';
import { findSneakerCards } from '../sneakers/sneaker-records';
import { findCompletedTradesPage, findRatingScores } from './trade-records';
import { findMemberSummaries } from '../users/member-records';

const CursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/),
  z.number().int().positive().max(2_147_483_647),
]);

function decodeCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const parsed = CursorSchema.safeParse(decodeOpaqueCursor(cursor));
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  return { key: parsed.data[0], id: parsed.data[1] };
}

/**
 * A member's completed trades for their profile's Trade History tab, newest first. A completed
 * swap is public on the profile the way its counters are: who it was with, which pairs changed
 * hands, when, and the 1-5 score each side gave. Proposal messages, chat, tracking numbers,
 * rating comments and disputes are the two parties' business and are never included; trades
 * that did not complete do not appear at all.
 */
export async function findTradeHistory(ctx: AppContext, { userId, query }: { userId: string; query: PageQuery }): Promise<Page<TradeHistoryEntry>> {
  const after = decodeCursor(query.cursor);
  await getUser(ctx, { id: userId, viewer: null }); // 404 for an unknown member
  const rows = await findCompletedTradesPage(ctx.db, { userId, after, limit: query.limit });
  const page = rows.slice(0, query.limit);

  const counterpartyOf = (row: (typeof page)[number]) => (row.proposerId === userId ? row.receiverId : row.proposerId);
  const [members, pairs, ratings] = await Promise.all([
    findMemberSummaries(ctx.db, [...new Set(page.map(counterpartyOf))]),
    findSneakerCards(ctx.db, [...new Set(page.flatMap((r) => [...r.proposerSneakerIds, ...r.receiverSneakerIds]))]),
    findRatingScores(
      ctx.db,
      page.map((r) => r.id),
    ),
  ]);
  const memberById = new Map(members.map((m) => [m.id, toMemberSummary(m)]));
  const pairById = new Map(pairs.map((p) => [p.id, p]));
  const sneaker = (id: number): HistorySneaker => {
    const pair = pairById.get(id);
    return {
      id,
      name: pair?.name ?? null,
      brand: pair?.brand ?? null,
      size: pair?.size ?? null,
      imageUrl: pair?.thumbnailUrl ?? pair?.imageUrl ?? null,
    };
  };
  const score = (tradeId: number, raterId: string) => ratings.find((r) => r.tradeId === tradeId && r.raterId === raterId)?.score ?? null;

  const items = page.map((row): TradeHistoryEntry => {
    const isProposer = row.proposerId === userId;
    const other = counterpartyOf(row);
    return {
      tradeId: row.id,
      completedAt: row.completedAt.toISOString(),
      counterparty: memberById.get(other)!,
      gave: (isProposer ? row.proposerSneakerIds : row.receiverSneakerIds).map(sneaker),
      received: (isProposer ? row.receiverSneakerIds : row.proposerSneakerIds).map(sneaker),
      ratingGiven: score(row.id, userId),
      ratingReceived: score(row.id, other),
    };
  });
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > query.limit && last ? encodeOpaqueCursor([last.key, last.id]) : null };
}
