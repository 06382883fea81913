import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberCodeAttempts } from '../../../db/schema/index';

/** A member's count of code tries in its window, and the end of a lock when codes are locked. */
export interface CodeTries {
  failures: number;
  lockedUntil: Date | null;
  /** The password stamp the lock was set with (see memberCodeAttempts). */
  passwordStamp: string | null;
}

/**
 * Counts a try at a code, before the code is checked, in one atomic upsert: a new window starts
 * when the last one is older than `windowMs` or a lock has ended. While the account is locked
 * (`lockedUntil` after `at`) nothing is counted and the lock is answered.
 */
export async function claimCodeTry(db: Db, userId: string, at: Date, windowMs: number): Promise<CodeTries> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const locked = sql`(${memberCodeAttempts.lockedUntil} is not null and ${memberCodeAttempts.lockedUntil} > ${now})`;
  const fresh = sql`(${memberCodeAttempts.lockedUntil} is not null or ${memberCodeAttempts.windowStartedAt} <= ${now} - ${Math.trunc(windowMs)}::integer * interval '1 millisecond')`;
  const [row] = await db
    .insert(memberCodeAttempts)
    .values({ userId, failures: 1, windowStartedAt: at })
    .onConflictDoUpdate({
      target: memberCodeAttempts.userId,
      set: {
        failures: sql`case when ${locked} then ${memberCodeAttempts.failures} when ${fresh} then 1 else ${memberCodeAttempts.failures} + 1 end`,
        windowStartedAt: sql`case when ${locked} then ${memberCodeAttempts.windowStartedAt} when ${fresh} then ${now} else ${memberCodeAttempts.windowStartedAt} end`,
        lockedUntil: sql`case when ${locked} then ${memberCodeAttempts.lockedUntil} else null end`,
      },
    })
    .returning({
      failures: memberCodeAttempts.failures,
      lockedUntil: memberCodeAttempts.lockedUntil,
      passwordStamp: memberCodeAttempts.passwordStamp,
    });
  const lockedUntil = row?.lockedUntil ?? null;
  return {
    failures: row?.failures ?? 1,
    lockedUntil: lockedUntil && lockedUntil.getTime() > at.getTime() ? lockedUntil : null,
    passwordStamp: row?.passwordStamp ?? null,
  };
}

/** A code that matched gives its try back: only wrong codes count towards the lock. */
export async function giveBackCodeTry(db: Db, userId: string): Promise<void> {
  await db
    .update(memberCodeAttempts)
    .set({ failures: sql`greatest(${memberCodeAttempts.failures} - 1, 0)` })
    .where(eq(memberCodeAttempts.userId, userId));
}

/** Locks the member's codes until `until`, remembering the password it was set under. */
export async function lockCodes(db: Db, userId: string, until: Date, passwordStamp: string | null): Promise<void> {
  await db.update(memberCodeAttempts).set({ lockedUntil: until, passwordStamp }).where(eq(memberCodeAttempts.userId, userId));
}

/** Lifts a lock and forgets the wrong codes. */
export async function clearCodeTries(db: Db, userId: string): Promise<void> {
  await db.delete(memberCodeAttempts).where(eq(memberCodeAttempts.userId, userId));
}
