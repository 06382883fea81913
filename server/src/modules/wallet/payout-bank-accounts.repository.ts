import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutBankAccounts } from '../../db/schema/index';

export type PayoutBankAccountRow = typeof payoutBankAccounts.$inferSelect;

/** The member's sandbox bank account, or null. */
export async function findPayoutBankAccount(db: Db, userId: string): Promise<PayoutBankAccountRow | null> {
  const [row] = await db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, userId));
  return row ?? null;
}

/** Keeps the member's bank account, replacing the one they gave before. */
export async function upsertPayoutBankAccount(
  db: Db,
  values: { userId: string; holderName: string; last4: string; token: string; at: Date },
): Promise<PayoutBankAccountRow> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(payoutBankAccounts)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: payoutBankAccounts.userId,
      set: { holderName: rest.holderName, last4: rest.last4, token: rest.token, updatedAt: at },
    })
    .returning();
  return row!;
}
