import type { MemberSummary } from './users';

/**
 * What a member is told when a block stands between them and someone else. It never says who
 * blocked whom, so a blocked member cannot tell it apart from having blocked the other side.
 */
export const BLOCKED_MESSAGE = "You can't interact with this member.";

/** Answer of GET, POST and DELETE /api/users/:id/block: whether the caller blocks that member. */
export interface BlockStatus {
  blocked: boolean;
}

/** One row of GET /api/users/me/blocks. */
export interface BlockedMember {
  member: MemberSummary;
  blockedAt: string;
}
