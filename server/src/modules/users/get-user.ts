import type { User, UserStats } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { countUserStats, findUserById } from './users.repository';

/**
 * A user's public profile. The e-mail address is private: only the user and admins see it.
 */
export async function getUser(ctx: AppContext, { id, viewer }: { id: string; viewer: User | null }): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('User');
  const canSeeEmail = viewer && (viewer.id === user.id || viewer.role === 'admin');
  return canSeeEmail ? user : { ...user, email: null };
}

/** Counters of a profile and the home dashboard. */
export async function getUserStats(ctx: AppContext, { id }: { id: string }): Promise<UserStats> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('User');
  return countUserStats(ctx.db, id);
}
