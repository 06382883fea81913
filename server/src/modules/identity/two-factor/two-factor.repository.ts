import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberPasskeys, memberRecoveryCodes, memberSignInRules, memberTotp } from '../../../db/schema/index';

export type TotpRow = typeof memberTotp.$inferSelect;
export type PasskeyRow = typeof memberPasskeys.$inferSelect;

export async function findTotp(db: Db, userId: string): Promise<TotpRow | null> {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.userId, userId));
  return row ?? null;
}

/** A new, unconfirmed secret replaces an unconfirmed one; a confirmed one is never overwritten here. */
export async function upsertPendingTotp(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insert(memberTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: memberTotp.userId, set: { secret, createdAt: sql`now()` }, setWhere: isNull(memberTotp.confirmedAt) });
}

export async function confirmTotpRow(db: Db, userId: string, at: Date, step: number): Promise<boolean> {
  const rows = await db
    .update(memberTotp)
    .set({ confirmedAt: at, lastUsedStep: step })
    .where(and(eq(memberTotp.userId, userId), isNull(memberTotp.confirmedAt)))
    .returning({ userId: memberTotp.userId });
  return rows.length === 1;
}

/** Records the step of an accepted code, only when it is later than the last one: a code counts once. */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(memberTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(memberTotp.userId, userId),
        isNotNull(memberTotp.confirmedAt),
        sql`(${memberTotp.lastUsedStep} is null or ${memberTotp.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: memberTotp.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.delete(memberTotp).where(eq(memberTotp.userId, userId));
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
  await db.insert(memberRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the unused code with this hash used; false when there is none (wrong or already used). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(memberRecoveryCodes.userId, userId), eq(memberRecoveryCodes.codeHash, codeHash), isNull(memberRecoveryCodes.usedAt)))
    .returning({ id: memberRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.userId, userId), isNull(memberRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function findPasskeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, userId)).orderBy(asc(memberPasskeys.createdAt));
}

export async function findPasskey(db: Db, id: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(memberPasskeys).where(eq(memberPasskeys.id, id));
  return row ?? null;
}

export async function insertPasskey(db: Db, values: typeof memberPasskeys.$inferInsert): Promise<void> {
  await db.insert(memberPasskeys).values(values);
}

/** Moves the signature counter on (only forwards: a cloned authenticator replaying an old counter fails). */
export async function usePasskey(db: Db, id: string, counter: number, at: Date): Promise<void> {
  await db.update(memberPasskeys).set({ counter, lastUsedAt: at }).where(eq(memberPasskeys.id, id));
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(memberPasskeys)
    .where(and(eq(memberPasskeys.userId, userId), eq(memberPasskeys.id, id)))
    .returning({ id: memberPasskeys.id });
  return rows.length === 1;
}

export async function findSignInRule(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select().from(memberSignInRules).where(eq(memberSignInRules.userId, userId));
  return row?.secondFactorEverySignIn ?? false;
}

export async function setSignInRule(db: Db, userId: string, everySignIn: boolean): Promise<void> {
  await db
    .insert(memberSignInRules)
    .values({ userId, secondFactorEverySignIn: everySignIn })
    .onConflictDoUpdate({ target: memberSignInRules.userId, set: { secondFactorEverySignIn: everySignIn } });
}
