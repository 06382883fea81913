import type { ModeratedMember } from '@soleswap/contracts/moderation';
import type { findModeratedMembers } from '../users/member-records';

type MemberRow = Awaited<ReturnType<typeof findModeratedMembers>>[number];

export function toModeratedMember(row: MemberRow): ModeratedMember {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    reputation: row.reputation,
    totalTrades: row.totalTrades,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  };
}
