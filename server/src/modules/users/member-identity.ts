import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { findUserByIdentity, isUuid, updateUser } from './users.repository';

/*
 * For the identity module's account pages: which member an identity signed in as, and which
 * identity a member has. The users module owns the table, so these live here.
 */

export async function findMemberIdOfIdentity(db: Db, issuer: string, subject: string): Promise<string | null> {
  return (await findUserByIdentity(db, issuer, subject))?.id ?? null;
}

/** The member's OIDC identity, or null when the member is gone or has none (a demo member, a development login). */
export async function findIdentityOfMember(db: Db, userId: string): Promise<{ issuer: string; subject: string } | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db.select({ issuer: users.oidcIssuer, subject: users.oidcSubject }).from(users).where(eq(users.id, userId));
  return row?.issuer && row.subject ? { issuer: row.issuer, subject: row.subject } : null;
}

/** The member no longer holds their e-mail address (its real owner claimed it): the address is free for another member. */
export async function releaseMemberEmail(db: Db, userId: string): Promise<void> {
  await updateUser(db, userId, { email: null });
}
