import { rowsOf } from '../../db/raw-rows';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TradeStatus } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { tradeEvents, trades } from '../../db/schema/index';

type DeadlineAction = 'expire' | 'ship-deadline' | 'auto-receive';

export type TradeRow = typeof trades.$inferSelect;
export type TradeInsert = typeof trades.$inferInsert;
/** Columns a transition may set (never the parties or the sides). */
export type TradeChanges = Partial<Omit<TradeInsert, 'id' | 'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds'>>;

export async function insertTrade(db: Db, values: TradeInsert): Promise<TradeRow> {
  const [row] = await db.insert(trades).values(values).returning();
  return row!;
}

export async function findTradeById(db: Db, id: number): Promise<TradeRow | null> {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row ?? null;
}

/** These trades, in one statement (the authentication centre reads the trades of a page of pairs). */
export async function findTradesByIds(db: Db, ids: number[]): Promise<TradeRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(trades).where(inArray(trades.id, ids));
}

/** The trade, row-locked until the transaction ends: every transition starts here. */
export async function lockTrade(tx: Db, id: number): Promise<TradeRow | null> {
  const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
  return row ?? null;
}

/**
 * Saves a transition only if the trade is still in the status it was read in
 * (`UPDATE … WHERE id = $1 AND status = $from`); null when it was not.
 */
export async function updateTradeFrom(tx: Db, id: number, fromStatus: TradeStatus, changes: TradeChanges): Promise<TradeRow | null> {
  const [row] = await tx
    .update(trades)
    .set(changes)
    .where(and(eq(trades.id, id), eq(trades.status, fromStatus)))
    .returning();
  return row ?? null;
}

/**
 * Claims a pending trade's acceptance for the attempt `claim` (accept-trade.ts): taken when no
 * acceptance holds it, or the one that does took it before `lapsedBefore` (its process died).
 * False when another acceptance holds it, or the trade is no longer pending.
 */
export async function claimAcceptance(db: Db, input: { tradeId: number; claim: string; at: Date; lapsedBefore: Date }): Promise<boolean> {
  const rows = await db
    .update(trades)
    .set({ acceptanceClaim: input.claim, acceptanceClaimedAt: input.at })
    .where(
      and(
        eq(trades.id, input.tradeId),
        eq(trades.status, 'pending'),
        or(isNull(trades.acceptanceClaim), lt(trades.acceptanceClaimedAt, input.lapsedBefore)),
      ),
    )
    .returning({ id: trades.id });
  return rows.length > 0;
}

/** Pending trades whose acceptance claim was taken before `lapsedBefore` (its process died), oldest first. */
export async function listLapsedAcceptanceClaims(db: Db, lapsedBefore: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(sql`${trades.acceptanceClaim} IS NOT NULL`, lt(trades.acceptanceClaimedAt, lapsedBefore)))
    .orderBy(asc(trades.acceptanceClaimedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Ends the acceptance claim `claim` of the trade; nothing when another attempt took it over. */
export async function endAcceptanceClaim(db: Db, tradeId: number, claim: string): Promise<void> {
  await db
    .update(trades)
    .set({ acceptanceClaim: null, acceptanceClaimedAt: null })
    .where(and(eq(trades.id, tradeId), eq(trades.acceptanceClaim, claim)));
}

export async function insertTradeEvent(tx: Db, values: typeof tradeEvents.$inferInsert): Promise<void> {
  await tx.insert(tradeEvents).values(values);
}

/** The audit trail of one trade, oldest first. */
export async function listTradeEvents(db: Db, tradeId: number) {
  return db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, tradeId)).orderBy(asc(tradeEvents.id));
}

/** How many of the member's trades are in each status; one query, each side through its party index. */
export async function countTradesOfUserByStatus(db: Db, userId: string): Promise<Map<TradeStatus, number>> {
  const result = await db.execute(sql`
    select t.status, count(*)::int as n
    from (
      select status from ${trades} where proposer_id = ${userId}::uuid
      union all
      select status from ${trades} where receiver_id = ${userId}::uuid and proposer_id <> ${userId}::uuid
    ) t
    group by t.status`);
  const rows = rowsOf<{ status: TradeStatus; n: number }>(result);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Open disputes, oldest first (the admins' queue). */
export async function listDisputedTrades(db: Db, limit: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(eq(trades.status, 'disputed')).orderBy(asc(trades.disputedAt), asc(trades.id)).limit(limit);
}

/** Whether any trade exists at all (the demo seeder runs on an empty table only). */
export async function anyTradeExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: trades.id }).from(trades).limit(1);
  return Boolean(row);
}

/**
 * Trades whose deadline has passed, by id after `afterId`, each with the deadline passed: pending
 * proposals past expiresAt ('expire'), accepted trades past shipBy where a side has not shipped
 * ('ship-deadline'), and accepted trades where a side has not confirmed receipt by its
 * receive-by ('auto-receive'). A trade past two deadlines is listed twice.
 */
export async function listTradesPastDeadline(db: Db, now: Date, afterId: number, limit: number) {
  const expired = and(eq(trades.status, 'pending'), lte(trades.expiresAt, now));
  const lateShipment = and(
    eq(trades.status, 'accepted'),
    lte(trades.shipBy, now),
    or(isNull(trades.proposerShippedAt), isNull(trades.receiverShippedAt)),
  );
  const proposerReceiptOverdue = and(eq(trades.status, 'accepted'), isNull(trades.proposerReceivedAt), lte(trades.proposerReceiveBy, now));
  const receiverReceiptOverdue = and(eq(trades.status, 'accepted'), isNull(trades.receiverReceivedAt), lte(trades.receiverReceiveBy, now));
  // One read per deadline, each through its partial index (trades_pending_expires_idx,
  // trades_accepted_ship_by_idx, trades_accepted_*_receive_by_idx): one OR across them walked
  // every trade in id order.
  const due = (action: DeadlineAction, condition: SQL | undefined) =>
    db
      .select({ id: trades.id, status: trades.status, action: sql<DeadlineAction>`${action}::text`.as('action') })
      .from(trades)
      .where(and(gt(trades.id, afterId), condition));
  return unionAll(
    due('expire', expired),
    due('ship-deadline', lateShipment),
    due('auto-receive', proposerReceiptOverdue),
    due('auto-receive', receiverReceiptOverdue),
  )
    .orderBy(asc(trades.id))
    .limit(limit);
}

/** Ids of a member's trades (either side) in one status, oldest first. */
export async function listTradeIdsOfUserInStatus(db: Db, userId: string, status: TradeStatus): Promise<number[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.status, status), or(eq(trades.proposerId, userId), eq(trades.receiverId, userId))))
    .orderBy(asc(trades.id));
  return rows.map((r) => r.id);
}
