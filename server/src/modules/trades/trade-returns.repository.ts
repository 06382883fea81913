import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { TradeReturnStatus } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { tradeReturns, tradeRulings } from '../../db/schema/index';

export type TradeRulingRow = typeof tradeRulings.$inferSelect;
export type TradeReturnRow = typeof tradeReturns.$inferSelect;
export type TradeReturnInsert = typeof tradeReturns.$inferInsert;
export type TradeReturnChanges = Partial<Pick<TradeReturnRow, 'status' | 'trackingNumber' | 'carrier' | 'shippedAt' | 'receivedAt'>>;

/** An admin's ruling on a trade's dispute, once per trade (the trade's transition already moved it out of 'disputed'). */
export async function insertRuling(db: Db, values: typeof tradeRulings.$inferInsert): Promise<void> {
  await db.insert(tradeRulings).values(values);
}

export async function findRuling(db: Db, tradeId: number): Promise<TradeRulingRow | null> {
  const [row] = await db.select().from(tradeRulings).where(eq(tradeRulings.tradeId, tradeId));
  return row ?? null;
}

export async function insertReturns(db: Db, rows: TradeReturnInsert[]): Promise<TradeReturnRow[]> {
  if (rows.length === 0) return [];
  return db.insert(tradeReturns).values(rows).returning();
}

/** A trade's returns, the proposer's pair first. */
export async function findReturnsOfTrade(db: Db, tradeId: number): Promise<TradeReturnRow[]> {
  return db.select().from(tradeReturns).where(eq(tradeReturns.tradeId, tradeId)).orderBy(asc(tradeReturns.id));
}

export async function findReturnById(db: Db, id: number): Promise<TradeReturnRow | null> {
  const [row] = await db.select().from(tradeReturns).where(eq(tradeReturns.id, id));
  return row ?? null;
}

export async function findReturnsByIds(db: Db, ids: number[]): Promise<TradeReturnRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tradeReturns).where(inArray(tradeReturns.id, ids));
}

/** The return, row-locked until the transaction ends: each step of a return and a change of its ship-to start here. */
export async function lockReturn(tx: Db, id: number): Promise<TradeReturnRow | null> {
  const [row] = await tx.select().from(tradeReturns).where(eq(tradeReturns.id, id)).for('update');
  return row ?? null;
}

/** Saves a step only if the return is still in the status it was read in; null when it was not. */
export async function updateReturnFrom(tx: Db, id: number, from: TradeReturnStatus, changes: TradeReturnChanges): Promise<TradeReturnRow | null> {
  const [row] = await tx
    .update(tradeReturns)
    .set(changes)
    .where(and(eq(tradeReturns.id, id), eq(tradeReturns.status, from)))
    .returning();
  return row ?? null;
}

/** Returns still not shipped after their return-by, the longest overdue first (the admins' list). */
export async function findOverdueReturns(db: Db, now: Date, limit: number): Promise<TradeReturnRow[]> {
  return db
    .select()
    .from(tradeReturns)
    .where(and(eq(tradeReturns.status, 'awaiting_return'), lt(tradeReturns.returnBy, now)))
    .orderBy(asc(tradeReturns.returnBy), asc(tradeReturns.id))
    .limit(limit);
}
