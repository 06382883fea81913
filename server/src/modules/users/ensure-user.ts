import type { Role, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findUserByEmail, insertUser, updateUser } from './users.repository';

/**
 * The member with this e-mail, created if missing; username and role are brought up to date when
 * given. Used by the development login and the demo seeder, never by real sign-in.
 */
export async function ensureUserByEmail(
  ctx: AppContext,
  input: { email: string; username?: string; role?: Role; firstName?: string; bio?: string },
): Promise<User> {
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing) {
    return insertUser(ctx.db, {
      email,
      username: input.username ?? email.split('@')[0],
      role: input.role ?? 'member',
      firstName: input.firstName ?? null,
      bio: input.bio ?? null,
    });
  }
  const changes: { username?: string; role?: Role } = {};
  if (input.username && input.username !== existing.username) changes.username = input.username;
  if (input.role && input.role !== existing.role) changes.role = input.role;
  return Object.keys(changes).length ? updateUser(ctx.db, existing.id, changes) : existing;
}
