import { and, eq, inArray } from 'drizzle-orm';
import type { AuthorizationPurpose, AuthorizationStatus } from '@soleswap/contracts/wallet';
import type { Db } from '../../db/client';
import { cashAuthorizations } from '../../db/schema/index';

export type CashAuthorizationRow = typeof cashAuthorizations.$inferSelect;

const OPEN: AuthorizationStatus[] = ['requested', 'authorized'];

/** Which authorization of a trade: its cash, or one side's protection hold (one open per trade, purpose and payer). */
export interface AuthorizationSlot {
  tradeId: number;
  purpose: AuthorizationPurpose;
  payerId: string;
}

/** The slot's authorization still to settle (requested or authorized), or null. */
export async function findOpenAuthorization(db: Db, slot: AuthorizationSlot): Promise<CashAuthorizationRow | null> {
  const [row] = await db
    .select()
    .from(cashAuthorizations)
    .where(
      and(
        eq(cashAuthorizations.tradeId, slot.tradeId),
        eq(cashAuthorizations.purpose, slot.purpose),
        eq(cashAuthorizations.payerId, slot.payerId),
        inArray(cashAuthorizations.status, OPEN),
      ),
    );
  return row ?? null;
}

/** Every authorization of a trade still to settle (requested or authorized), oldest first. */
export async function findOpenAuthorizationsOfTrade(db: Db, tradeId: number): Promise<CashAuthorizationRow[]> {
  return db
    .select()
    .from(cashAuthorizations)
    .where(and(eq(cashAuthorizations.tradeId, tradeId), inArray(cashAuthorizations.status, OPEN)))
    .orderBy(cashAuthorizations.id);
}

/** Every authorization of a trade, oldest first. */
export async function findAuthorizationsOfTrade(db: Db, tradeId: number): Promise<CashAuthorizationRow[]> {
  return db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id);
}

/** Inserts the intent; null when the slot already has an open one (the unique index), which the caller reads. */
export async function insertRequestedAuthorization(
  db: Db,
  values: AuthorizationSlot & { payeeId: string; amountCents: number; provider: string; at: Date },
): Promise<CashAuthorizationRow | null> {
  const [row] = await db
    .insert(cashAuthorizations)
    .values({ ...values, status: 'requested', createdAt: values.at, updatedAt: values.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Moves an authorization from `from` to `to`, only if it is still in `from`; null when it moved meanwhile. */
export async function updateAuthorizationFrom(
  db: Db,
  id: number,
  from: AuthorizationStatus,
  changes: { status: AuthorizationStatus; providerRef?: string | null; failureMessage?: string | null; at: Date },
): Promise<CashAuthorizationRow | null> {
  const { at, ...rest } = changes;
  const [row] = await db
    .update(cashAuthorizations)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(cashAuthorizations.id, id), eq(cashAuthorizations.status, from)))
    .returning();
  return row ?? null;
}

/** Open authorizations of trades that are closed: what the settle job still has to capture or release. */
export async function findOpenAuthorizationIds(db: Db, limit: number): Promise<Array<{ id: number; tradeId: number }>> {
  return db
    .select({ id: cashAuthorizations.id, tradeId: cashAuthorizations.tradeId })
    .from(cashAuthorizations)
    .where(inArray(cashAuthorizations.status, OPEN))
    .orderBy(cashAuthorizations.id)
    .limit(limit);
}
