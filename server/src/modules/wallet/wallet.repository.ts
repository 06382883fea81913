import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { WalletEntryKind } from '@soleswap/contracts/wallet';
import type { Db } from '../../db/client';
import { walletEntries, wallets } from '../../db/schema/index';

export type WalletEntryRow = typeof walletEntries.$inferSelect;

/** The member's balance in cents; 0 before their first movement. */
export async function findBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balanceCents ?? 0;
}

/** A page of the member's entries, newest first (served by wallet_entries_user_idx). */
export async function listEntries(db: Db, userId: string, input: { beforeId: number | null; limit: number }): Promise<WalletEntryRow[]> {
  return db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), ...(input.beforeId ? [lt(walletEntries.id, input.beforeId)] : [])))
    .orderBy(desc(walletEntries.id))
    .limit(input.limit);
}

export interface NewWalletEntry {
  userId: string;
  kind: WalletEntryKind;
  amountCents: number;
  tradeId?: number | null;
  /** A loop's protection-hold entry (migration 0069). */
  loopId?: number | null;
  authorizationId?: number | null;
  payoutId?: number | null;
  at: Date;
}

/**
 * Moves the balance by the entry's amount and appends the entry, in the caller's transaction. The
 * balance changes in one `UPDATE ... SET balance = balance + x`, so racing movements add up and a
 * debit below zero fails on the table's CHECK instead of overdrawing. Returns null when the credit of
 * this authorization was already written (the unique index: a capture applied twice credits once),
 * or this payout's entry of this kind (a payout, or its reversal, applied twice moves the balance once).
 */
export async function insertWalletMovement(tx: Db, entry: NewWalletEntry): Promise<WalletEntryRow | null> {
  const [row] = await tx
    .insert(walletEntries)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      tradeId: entry.tradeId ?? null,
      loopId: entry.loopId ?? null,
      authorizationId: entry.authorizationId ?? null,
      payoutId: entry.payoutId ?? null,
      createdAt: entry.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  // PostgreSQL checks an upsert's proposed row before the conflict, so a debit cannot be one:
  // make sure the wallet exists, then move it in one UPDATE.
  await tx.insert(wallets).values({ userId: entry.userId, balanceCents: 0, updatedAt: entry.at }).onConflictDoNothing();
  await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${entry.amountCents}`, updatedAt: entry.at })
    .where(eq(wallets.userId, entry.userId));
  return row;
}
