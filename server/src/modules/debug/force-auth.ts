import type { ForceAuth, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository';

export const DEFAULT_TEST_EMAIL = 'test@soleswap.local';

/**
 * Development tool: the user to act as (created if missing). Refused unless dev tools are
 * enabled (NODE_ENV not production, or ENABLE_DEV_LOGIN=1).
 */
export async function forceAuthUser(ctx: AppContext, input: ForceAuth): Promise<User> {
  if (!ctx.env.devToolsEnabled) throw new AppError('DISABLED', 'Not found');
  const email = input.email ?? DEFAULT_TEST_EMAIL;
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const changes: { username?: string; role?: 'member' | 'admin' } = {};
    if (input.username && input.username !== existing.username) changes.username = input.username;
    if (input.role && input.role !== existing.role) changes.role = input.role;
    return Object.keys(changes).length ? updateUser(ctx.db, existing.id, changes) : existing;
  }
  return insertUser(ctx.db, {
    email,
    username: input.username ?? email.split('@')[0],
    role: input.role ?? 'member',
  });
}
