import type { MemberSummary } from './users';

/** Answer of GET, POST and DELETE /api/users/:id/follow. */
export interface FollowStatus {
  following: boolean;
}

/** One row of GET /api/users/:id/followers or /following: the member and how many follow them. */
export interface FollowEntry {
  member: MemberSummary;
  followerCount: number;
  followedAt: string;
}
