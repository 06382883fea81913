import type { Role, User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findAdminRows, findUserRowByEmail, toUser, updateUser } from './users.repository';

export type RoleChange =
  | { outcome: 'changed'; user: User }
  | { outcome: 'unchanged'; user: User }
  /** Nobody has signed up with this e-mail: nothing is created, the operator is told. */
  | { outcome: 'no-member' };

/**
 * Gives the member with this e-mail the role, for operators (the `npm run admin` command). A
 * missing member is reported, never created: an admin account must belong to someone who signed
 * up and owns the address, not to whoever signs up with it later.
 */
export async function changeRoleByEmail(ctx: AppContext, email: string, role: Role): Promise<RoleChange> {
  const row = await findUserRowByEmail(ctx.db, email.trim());
  if (!row) return { outcome: 'no-member' };
  if (row.role === role) return { outcome: 'unchanged', user: toUser(row) };
  return { outcome: 'changed', user: await updateUser(ctx.db, row.id, { role }) };
}

export interface AdminSummary {
  email: string | null;
  username: string | null;
  /** When the account was created (the role itself carries no date). */
  memberSince: string;
}

/** Every admin, oldest account first. */
export async function listAdmins(ctx: AppContext): Promise<AdminSummary[]> {
  const rows = await findAdminRows(ctx.db);
  return rows.map((row) => ({ email: row.email, username: row.username, memberSince: row.createdAt.toISOString() }));
}
