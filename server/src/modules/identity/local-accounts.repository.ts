import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localAccounts } from '../../db/schema/index';

export type LocalAccountRow = typeof localAccounts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findLocalAccountByEmail(db: Db, email: string): Promise<LocalAccountRow | null> {
  const [row] = await db.select().from(localAccounts).where(eq(localAccounts.email, email.toLowerCase()));
  return row ?? null;
}

/** The account behind an OIDC subject; a subject that is not a uuid is simply unknown. */
export async function findLocalAccountById(db: Db, id: string): Promise<LocalAccountRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(localAccounts).where(eq(localAccounts.id, id));
  return row ?? null;
}

/** Inserts the account, or returns null when the e-mail is already taken (also under a race). */
export async function insertLocalAccount(db: Db, values: typeof localAccounts.$inferInsert): Promise<LocalAccountRow | null> {
  const [row] = await db.insert(localAccounts).values(values).onConflictDoNothing({ target: localAccounts.email }).returning();
  return row ?? null;
}

/** Marks the address confirmed; null when it already was (or the account is gone). */
export async function markLocalAccountEmailVerified(db: Db, id: string, at: Date): Promise<LocalAccountRow | null> {
  const [row] = await db
    .update(localAccounts)
    .set({ emailVerifiedAt: at })
    .where(and(eq(localAccounts.id, id), isNull(localAccounts.emailVerifiedAt)))
    .returning();
  return row ?? null;
}
