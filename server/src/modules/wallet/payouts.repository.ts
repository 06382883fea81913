import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { PayoutStatus } from '@soleswap/contracts/wallet';
import type { Db } from '../../db/client';
import { payouts, wallets } from '../../db/schema/index';

export type PayoutRow = typeof payouts.$inferSelect;

/** The member's Stripe Connect account, or null (no wallet yet, or none connected). */
export async function findPayoutAccountId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ payoutAccountId: wallets.payoutAccountId }).from(wallets).where(eq(wallets.userId, userId));
  return row?.payoutAccountId ?? null;
}

/**
 * The withdrawal intent, in the caller's transaction (with its balance debit); null when a payout
 * of the same member and request key is already there (a retry of that request got there first).
 */
export async function insertRequestedPayout(
  tx: Db,
  values: { userId: string; amountCents: number; provider: string; destination: string | null; requestKey: string | null; at: Date },
): Promise<PayoutRow | null> {
  const { at, ...rest } = values;
  const [row] = await tx
    .insert(payouts)
    .values({ ...rest, status: 'requested', createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [payouts.userId, payouts.requestKey] })
    .returning();
  return row ?? null;
}

/** The payout the member's request with this Idempotency-Key made, if any (payouts_request_key_idx). */
export async function findPayoutOfRequest(db: Db, userId: string, requestKey: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.requestKey, requestKey)));
  return row ?? null;
}

/** Frees a request key for reuse: the payout keeps its history, no longer the key. */
export async function releasePayoutRequestKey(tx: Db, id: number): Promise<void> {
  await tx.update(payouts).set({ requestKey: null }).where(eq(payouts.id, id));
}

export async function findPayout(db: Db, id: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

/** Moves a payout from `from` to `to`, only if it is still in `from`; null when it moved meanwhile. */
export async function updatePayoutFrom(
  tx: Db,
  id: number,
  from: PayoutStatus,
  changes: { status: PayoutStatus; providerRef: string | null; failureMessage: string | null; at: Date },
): Promise<PayoutRow | null> {
  const { at, ...rest } = changes;
  const [row] = await tx
    .update(payouts)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(payouts.id, id), eq(payouts.status, from)))
    .returning();
  return row ?? null;
}

/** A page of the member's withdrawals, newest first (served by payouts_user_idx). */
export async function listPayouts(db: Db, userId: string, input: { beforeId: number | null; limit: number }): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), ...(input.beforeId ? [lt(payouts.id, input.beforeId)] : [])))
    .orderBy(desc(payouts.id))
    .limit(input.limit);
}

/** Withdrawals still requested since before `createdBefore`, oldest first (served by payouts_requested_idx). */
export async function findRequestedPayouts(db: Db, input: { createdBefore: Date; limit: number }): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(sql`${payouts.status} = 'requested'`, lt(payouts.createdAt, input.createdBefore)))
    .orderBy(payouts.id)
    .limit(input.limit);
}
