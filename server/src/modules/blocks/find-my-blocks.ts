import type { BlockedMember } from '@soleswap/contracts/blocks';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { decodeIdCursor, toIdPage, toMemberSummary } from '../users/member-summary';
import { findBlocksPage } from './blocks.repository';

/** The members the caller blocks, newest first (GET /api/users/me/blocks). Private to the caller. */
export async function findMyBlocks(ctx: AppContext, { userId, query }: { userId: string; query: PageQuery }): Promise<Page<BlockedMember>> {
  const rows = await findBlocksPage(ctx.db, userId, decodeIdCursor(query.cursor), query.limit);
  return toIdPage(rows, query.limit, (row) => ({ member: toMemberSummary(row.member), blockedAt: row.blockedAt.toISOString() }));
}
