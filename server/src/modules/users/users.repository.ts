import { and, asc, eq, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { User } from '@soleswap/contracts/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { membersChanged } from './member-changes';

export type UserRow = typeof users.$inferSelect;

/** The columns a User is made of (see toUser). */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  username: users.username,
  bio: users.bio,
  reputation: users.reputation,
  totalTrades: users.totalTrades,
  isPremiumMember: users.isPremiumMember,
  membershipPaidAt: users.membershipPaidAt,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** The API shape of a user row. */
export function toUser(row: Pick<UserRow, keyof typeof userColumns>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    username: row.username,
    bio: row.bio,
    reputation: row.reputation,
    totalTrades: row.totalTrades,
    isPremiumMember: row.isPremiumMember,
    membershipPaidAt: row.membershipPaidAt?.toISOString() ?? null,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ? toUser(row) : null;
}

/** The raw row (with its OIDC identity) for an e-mail, or null. */
export async function findUserRowByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserByIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row ?? null;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return toUser(row!);
}

/**
 * Inserts the member, or returns null when the row would break a unique key (the e-mail, or the
 * OIDC identity) because another request got there first: the caller decides whose row to read.
 */
export async function insertUserIfAbsent(db: Db, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The member with this e-mail, inserted if missing; concurrent callers all get the one row. */
export async function ensureUserRowByEmail(db: Db, values: typeof users.$inferInsert & { email: string }): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? (await findUserRowByEmail(db, values.email))!;
}

/**
 * Binds the member with this e-mail that has no identity yet to an OIDC identity, in one
 * statement, so two first logins cannot both adopt it. Null when there is no such member.
 */
export async function adoptUserByEmail(db: Db, email: string, identity: { oidcIssuer: string; oidcSubject: string }): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set(identity)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.oidcSubject)))
    .returning();
  membersChanged();
  return row ?? null;
}

/** Gives the member this e-mail unless another member has it; null when it was taken. */
export async function setUserEmailIfFree(db: Db, id: string, email: string): Promise<UserRow | null> {
  const others = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)));
  const [row] = await db
    .update(users)
    .set({ email })
    .where(and(eq(users.id, id), notExists(others)))
    .returning();
  membersChanged();
  return row ?? null;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<User> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  membersChanged();
  return toUser(row!);
}

/** Every admin, oldest account first. */
export async function findAdminRows(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(users.createdAt), asc(users.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are user input: a malformed one is simply "not found", never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Another member holding this username, whatever its case (served by users_username_lower_idx). */
export async function findUsernameHolder(db: Db, username: string, exceptId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)))
    .limit(1);
  return row?.id ?? null;
}

/** Held until commit: two members choosing the same name at once are handled one after the other. */
export async function lockUsername(db: Db, username: string) {
  await db.execute(sql`select pg_advisory_xact_lock(7202, hashtext(lower(${username})))`);
}
