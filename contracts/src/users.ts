import { z } from 'zod';

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API returns it (GET /api/auth/user, GET /api/users/:id). */
export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  username: string | null;
  bio: string | null;
  /** Mean of received ratings, "0.00" to "5.00". */
  reputation: string;
  /** Completed trades (pending, declined or cancelled ones do not count). */
  totalTrades: number;
  /** Paid membership: the only members who get the VERIFIED tag. */
  isPremiumMember: boolean;
  membershipPaidAt: string | null;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/users/:id/stats */
export interface UserStats {
  sneakerCount: number;
  /** Completed trades: always the user's totalTrades. */
  tradeCount: number;
  followerCount: number;
  followingCount: number;
}

export const USERNAME_MAX = 32;

/** POST /api/debug/force-auth: act as a given user (created if missing). */
export const ForceAuthSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254).optional(),
    username: z.string().trim().min(1).max(USERNAME_MAX).optional(),
    role: z.enum(ROLES).optional(),
  })
  .strict();
export type ForceAuth = z.infer<typeof ForceAuthSchema>;
