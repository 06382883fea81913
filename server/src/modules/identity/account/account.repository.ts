import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { localAccounts, oidcStore, sessions } from '../../../db/schema/index';
import type { LocalAccountRow } from '../local-accounts.repository';

/** Replaces the account's password hash. */
export async function setLocalAccountPassword(db: Db, id: string, passwordHash: string, at: Date) {
  await db.update(localAccounts).set({ passwordHash, updatedAt: at }).where(eq(localAccounts.id, id));
}

/**
 * Moves the account to `email` (confirmed at `verifiedAt`, or unconfirmed with null) unless
 * another account has it; null when it was taken (also under a race).
 */
export async function setLocalAccountEmail(db: Db, id: string, email: string, verifiedAt: Date | null, at: Date): Promise<LocalAccountRow | null> {
  const others = db
    .select({ id: localAccounts.id })
    .from(localAccounts)
    .where(and(eq(localAccounts.email, email), ne(localAccounts.id, id)));
  try {
    const [row] = await db
      .update(localAccounts)
      .set({ email, emailVerifiedAt: verifiedAt, updatedAt: at })
      .where(and(eq(localAccounts.id, id), sql`not exists (${others})`))
      .returning();
    return row ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

/**
 * Ends the account's sessions, grants and tokens at the embedded provider, so no browser signs
 * in again silently with them (the provider remembers a sign-in for 14 days).
 */
export async function deleteProviderStateOfAccount(db: Db, accountId: string) {
  await db.delete(oidcStore).where(sql`${oidcStore.payload}->>'accountId' = ${accountId}`);
}

export interface MemberSessionRow {
  sid: string;
  sess: unknown;
  expire: Date;
}

/** The member's live sessions. */
export async function findSessionsOfMember(db: Db, userId: string, now: Date): Promise<MemberSessionRow[]> {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(sql`${sessions.sess}->>'userId' = ${userId}`, gt(sessions.expire, now)));
}
