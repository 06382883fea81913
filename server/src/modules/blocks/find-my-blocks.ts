import type { BlockedMember } from '@soleswap/contracts/blocks';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findMemberSummaries } from '../users/member-records';
import { decodeIdCursor, toIdPage, toMemberSummary } from '../users/member-summary';
import { findBlocksPage } from './blocks.repository';

/** The members the caller blocks, newest first (GET /api/users/me/blocks). Private to the caller. */
export async function findMyBlocks(ctx: AppContext, { userId, query }: { userId: string; query: PageQuery }): Promise<Page<BlockedMember>> {
  const rows = await findBlocksPage(ctx.db, userId, decodeIdCursor(query.cursor), query.limit);
  const members = new Map(
    (
      await findMemberSummaries(
        ctx.db,
        rows.map((row) => row.memberId),
      )
    ).map((m) => [m.id, m]),
  );
  return toIdPage(rows, query.limit, (row) => ({ member: toMemberSummary(members.get(row.memberId)!), blockedAt: row.blockedAt.toISOString() }));
}
