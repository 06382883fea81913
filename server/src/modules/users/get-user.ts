import { findActiveUserById } from './suspension.repository';
import type { User, UserStats } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { findUserById } from './users.repository';

/**
 * A user's public profile. The e-mail address is private: only the user and admins see it.
 */
export async function getUser(ctx: AppContext, { id, viewer }: { id: string; viewer: User | null }): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('User');
  const canSeeEmail = viewer && (viewer.id === user.id || viewer.role === 'admin');
  return canSeeEmail ? user : { ...user, email: null };
}

/**
 * Counters of a profile and the home dashboard. A member's trade count means completed trades
 * everywhere it is shown: it is the user's totalTrades, which completing a trade raises in the
 * same transaction, so the profile, the dashboard and the trade card can never disagree.
 * The sneaker count is what the viewer can see, as the profile's Sneakers tab lists: every pair for
 * the member themselves, only those available for trade for anyone else.
 */
export async function getUserStats(
  ctx: AppContext,
  { id, viewer }: { id: string; viewer: Pick<User, 'id'> | null },
  countActivity: CountMemberActivity,
): Promise<UserStats> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('User');
  return { ...(await countActivity(ctx.db, id, { includeHidden: viewer?.id === id })), tradeCount: user.totalTrades };
}

/**
 * A member's sneaker and follow counts, which the sneakers and follows modules own; hidden
 * sneakers (not available for trade) count only with `includeHidden` (the owner's own view).
 */
export type CountMemberActivity = (db: Db, userId: string, options: { includeHidden: boolean }) => Promise<Omit<UserStats, 'tradeCount'>>;

/**
 * The member a session belongs to, e-mail included (it is their own), or null when gone or
 * suspended: a session never outlives a suspension.
 */
export function findSessionUser(db: Db, userId: string): Promise<User | null> {
  return findActiveUserById(db, userId);
}
