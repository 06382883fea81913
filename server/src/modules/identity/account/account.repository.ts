import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emailUndoLinks, localAccounts, oidcStore, sessions } from '../../../db/schema/index';
import type { LocalAccountRow } from '../local-accounts.repository';

/** Replaces the account's password hash. */
export async function setLocalAccountPassword(db: Db, id: string, passwordHash: string, at: Date) {
  await db.update(localAccounts).set({ passwordHash, updatedAt: at }).where(eq(localAccounts.id, id));
}

/**
 * Replaces the password hash only if the account still has `account.passwordHash`, in one
 * statement: of two writes from the same state (a reset link used twice at once) one wins, the
 * other finds the new hash (PostgreSQL re-reads the row after the first commits) and changes
 * nothing. False when nothing changed.
 */
export async function replaceLocalAccountPassword(
  db: Db,
  account: Pick<LocalAccountRow, 'id' | 'passwordHash'>,
  passwordHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(localAccounts)
    .set({ passwordHash, updatedAt: at })
    .where(and(eq(localAccounts.id, account.id), eq(localAccounts.passwordHash, account.passwordHash)))
    .returning({ id: localAccounts.id });
  return rows.length > 0;
}

/**
 * Moves an unconfirmed account off its address (to `placeholder`, unconfirmed) only if it still has
 * that address, that password hash and no confirmation, in one statement; false when it changed meanwhile.
 */
export async function releaseUnconfirmedAddress(
  db: Db,
  account: Pick<LocalAccountRow, 'id' | 'email' | 'passwordHash'>,
  placeholder: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(localAccounts)
    .set({ email: placeholder, emailVerifiedAt: null, updatedAt: at })
    .where(
      and(
        eq(localAccounts.id, account.id),
        eq(localAccounts.email, account.email),
        eq(localAccounts.passwordHash, account.passwordHash),
        isNull(localAccounts.emailVerifiedAt),
      ),
    )
    .returning({ id: localAccounts.id });
  return rows.length > 0;
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

export type EmailUndoLinkRow = typeof emailUndoLinks.$inferSelect;

/** Records the undo link of a change of address; answers its id. */
export async function insertEmailUndoLink(
  db: Db,
  values: { accountId: string; restoreEmail: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(emailUndoLinks).values(values).returning({ id: emailUndoLinks.id });
  return row!.id;
}

export async function findEmailUndoLink(db: Db, id: number, accountId: string): Promise<EmailUndoLinkRow | null> {
  const [row] = await db
    .select()
    .from(emailUndoLinks)
    .where(and(eq(emailUndoLinks.id, id), eq(emailUndoLinks.accountId, accountId)));
  return row ?? null;
}

/**
 * Uses the link up, in one statement, if it still works at `now`; null when it was used or voided
 * already (also by a use at the same moment: PostgreSQL re-reads the row after that one commits).
 */
export async function useEmailUndoLink(
  db: Db,
  { id, accountId, now }: { id: number; accountId: string; now: Date },
): Promise<EmailUndoLinkRow | null> {
  const [row] = await db
    .update(emailUndoLinks)
    .set({ usedAt: now })
    .where(and(eq(emailUndoLinks.id, id), eq(emailUndoLinks.accountId, accountId), isNull(emailUndoLinks.usedAt), gt(emailUndoLinks.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Voids the account's links issued after link `afterId` (the changes that link's undo takes back). */
export async function voidEmailUndoLinksAfter(db: Db, { accountId, afterId, now }: { accountId: string; afterId: number; now: Date }) {
  await db
    .update(emailUndoLinks)
    .set({ usedAt: now })
    .where(and(eq(emailUndoLinks.accountId, accountId), gt(emailUndoLinks.id, afterId), isNull(emailUndoLinks.usedAt)));
}
