import { z } from 'zod';
import type { Loop, LoopListQuery } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { buildLoopViews } from './loop-view';
import { findLoopIdsPageOf, findLoopsByIds } from './loops.repository';

/** The id of the last loop of the page before. */
const CursorSchema = z.number().int().positive().max(2_147_483_647);

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const parsed = CursorSchema.safeParse(decodeOpaqueCursor(cursor));
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  return parsed.data;
}

/** The member's loops, newest first, a page at a time (GET /api/loops); the next page's cursor, or null on the last. */
export async function findMyLoops(
  ctx: AppContext,
  { viewerId, query }: { viewerId: string; query: LoopListQuery },
): Promise<{ loops: Loop[]; nextCursor: string | null }> {
  const ids = await findLoopIdsPageOf(ctx.db, viewerId, { beforeId: decodeCursor(query.cursor), limit: query.limit + 1 });
  const pageIds = ids.slice(0, query.limit);
  const rows = await findLoopsByIds(ctx.db, pageIds);
  const nextCursor = ids.length > query.limit ? encodeOpaqueCursor(pageIds[pageIds.length - 1]) : null;
  return { loops: await buildLoopViews(ctx.db, rows, viewerId), nextCursor };
}
