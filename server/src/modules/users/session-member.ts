import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionMemberJoin } from '../../http/session-store';
import { users } from '../../db/schema/index';
import { toUser, userColumns, type UserRow } from './users.repository';

/** The session's user id as a uuid, or null when malformed (never a database error). */
const asUuid = (userId: SQL) =>
  sql`(case when ${userId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${userId})::uuid end)`;

/**
 * The member of a session, read by the session store in the same statement as the session: e-mail
 * included (it is their own), and only while not suspended: a session never outlives a suspension,
 * even one whose row survived the deletion of their sessions.
 */
export const sessionMemberJoin: SessionMemberJoin = {
  table: users,
  columns: userColumns,
  on: (userId) => and(eq(users.id, asUuid(userId)), isNull(users.suspendedAt))!,
  toMember: (row) => toUser(row as Pick<UserRow, keyof typeof userColumns>),
};
