import { ACCOUNT_SUSPENDED_MESSAGE } from '@soleswap/contracts/moderation';
import type { Role, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ensureUserRowByEmail, toUser, updateUser } from './users.repository';

/**
 * The member with this e-mail, created if missing; username and role are brought up to date when
 * given. Used by the development login, never by real sign-in. Many simultaneous first calls for
 * one e-mail all get the same single row.
 */
export async function ensureUserByEmail(
  ctx: AppContext,
  input: { email: string; username?: string; role?: Role; firstName?: string; bio?: string },
): Promise<User> {
  const email = input.email.toLowerCase();
  const row = await ensureUserRowByEmail(ctx.db, {
    email,
    username: input.username ?? email.split('@')[0],
    role: input.role ?? 'member',
    firstName: input.firstName ?? null,
    bio: input.bio ?? null,
  });
  // The development login obeys suspensions like the real one.
  if (row.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
  const changes: { username?: string; role?: Role } = {};
  if (input.username && input.username !== row.username) changes.username = input.username;
  if (input.role && input.role !== row.role) changes.role = input.role;
  return Object.keys(changes).length ? updateUser(ctx.db, row.id, changes) : toUser(row);
}
