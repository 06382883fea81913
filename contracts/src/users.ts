import { z } from 'zod';
import { isUploadUrl } from './uploads';

/** `inspector` works the authentication centre's queue (docs/rules/inspection.md); granted like admin. */
export const ROLES = ['member', 'admin', 'inspector'] as const;
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
  /** Paid membership: one of the three things the VERIFIED tag needs (see verifiedMember). */
  isPremiumMember: boolean;
  membershipPaidAt: string | null;
  role: Role;
  createdAt: string;
  updatedAt: string;
  /**
   * The VERIFIED tag, computed by the server: answered by GET and PATCH /api/auth/user and
   * GET /api/users/:id (absent elsewhere, which shows no tag).
   */
  verifiedMember?: VerifiedMember;
}

/** What the VERIFIED tag needs (decisions §14): all three. */
export const VERIFIED_MEMBER_PARTS = ['premium', 'confirmed-email', 'second-factor'] as const;
export type VerifiedMemberPart = (typeof VERIFIED_MEMBER_PARTS)[number];

/** How each part is named to a member who lacks it. */
export const VERIFIED_MEMBER_PART_TEXT: Record<VerifiedMemberPart, string> = {
  premium: 'a premium membership',
  'confirmed-email': 'a confirmed e-mail address',
  'second-factor': 'a second factor (an authenticator app or a passkey)',
};

/**
 * The VERIFIED tag beside a member's name means a verified member: premium, a confirmed e-mail
 * address and a second factor enrolled. `missing` is told only to the member themself (what they
 * lack, empty when verified); to anyone else it is null, so nobody learns whether another member
 * has a second factor unless they are verified.
 */
export interface VerifiedMember {
  isVerified: boolean;
  missing: VerifiedMemberPart[] | null;
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

/**
 * POST /api/debug/force-auth: act as a given user (created if missing). `role` makes them a
 * member or an admin, for tests and demos; a production server (ENABLE_DEV_LOGIN=1) refuses it.
 */
export const ForceAuthSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254).optional(),
    username: z.string().trim().min(1).max(USERNAME_MAX).optional(),
    /** Outside production only (docs/rules/roles.md#development-tools). */
    role: z.enum(ROLES).optional(),
  })
  .strict();
export type ForceAuth = z.infer<typeof ForceAuthSchema>;

/** Usernames a member chooses: 3 to 30 letters, digits, `_` or `.`; unique whatever the case. */
export const USERNAME_MIN = 3;
export const USERNAME_EDIT_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const USERNAME_RULE_MESSAGE = 'Use 3 to 30 letters, digits, _ or .';
export const USERNAME_TAKEN_MESSAGE = 'This username is taken';
export const BIO_MAX = 280;
export const AVATAR_URL_MESSAGE = 'Upload the picture first, then use the address the upload returned';

/**
 * PATCH /api/auth/user: what a member may change about themselves. Strict, so a body naming
 * anything else (reputation, premium, role, counts, e-mail) is refused rather than ignored.
 */
export const UpdateProfileSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(USERNAME_MIN, USERNAME_RULE_MESSAGE)
      .max(USERNAME_EDIT_MAX, USERNAME_RULE_MESSAGE)
      .regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE),
    /** Blank clears the bio (the profile then shows its default line). */
    bio: z
      .string()
      .trim()
      .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
      .nullable()
      .transform((v) => (v ? v : null)),
    /** An `/uploads/...` URL from POST /api/uploads, or null to remove the picture. */
    profileImageUrl: z.string().trim().refine(isUploadUrl, AVATAR_URL_MESSAGE).nullable(),
  })
  .partial()
  .strict();
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** A member as lists show them (followers, following, blocks, trade counterparties). */
export interface MemberSummary {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isPremiumMember: boolean;
  reputation: string;
}

/** Query of the cursor-paginated member lists. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 50;
export const PageQuerySchema = z
  .object({
    cursor: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  })
  .strict();
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** One page of a list; pass `nextCursor` back as `cursor` for the next (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A sneaker as a trade history shows it (what the pair was; null fields when it was deleted since). */
export interface HistorySneaker {
  id: number;
  name: string | null;
  brand: string | null;
  size: string | null;
  imageUrl: string | null;
}

/**
 * GET /api/users/:id/trades/history: one completed trade of the member, seen from their side.
 * Only what the completed swap made public: who, which pairs, when, and the 1-5 scores. Messages,
 * tracking numbers, rating comments and disputes stay between the two parties.
 */
export interface TradeHistoryEntry {
  tradeId: number;
  completedAt: string;
  counterparty: MemberSummary;
  /** The pairs this member sent. */
  gave: HistorySneaker[];
  /** The pairs this member got. */
  received: HistorySneaker[];
  /** The score this member gave the counterparty, if they rated. */
  ratingGiven: number | null;
  /** The score the counterparty gave this member, if they rated. */
  ratingReceived: number | null;
}
