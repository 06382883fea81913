import type { MemberSummary, Page } from '@soleswap/contracts/users';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';

/**
 * The public columns of a member as every list shows them (followers, following, blocks,
 * trade history). Selecting exactly these keeps e-mail, role and payment ids out of lists.
 */
export const memberSummaryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isPremiumMember: users.isPremiumMember,
  reputation: users.reputation,
};

export function toMemberSummary(row: MemberSummary): MemberSummary {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isPremiumMember: row.isPremiumMember,
    reputation: row.reputation,
  };
}

/**
 * Member lists page by the row id of the link (follow, block), newest first: the cursor is the
 * last id of the page. Anything that is not a positive int4 is a bad cursor, never a database error.
 */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^\d{1,10}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  }
  return id;
}

/** Cuts the one extra row a query fetched (limit + 1) into a page and its next cursor. */
export function toIdPage<R extends { linkId: number }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  return { items: page.map(map), nextCursor: rows.length > limit ? String(page[page.length - 1]!.linkId) : null };
}
