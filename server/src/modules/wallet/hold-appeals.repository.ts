import { and, asc, eq, inArray } from 'drizzle-orm';
import type { HoldAppealStatus } from '@soleswap/contracts/hold-appeals';
import type { Db } from '../../db/client';
import { holdAppeals, holdCaptures, wallets } from '../../db/schema/index';

export type HoldCaptureRow = typeof holdCaptures.$inferSelect;
export type HoldAppealRow = typeof holdAppeals.$inferSelect;

/** Records why a hold was captured, with the capture (once: a capture applied twice records it once). */
export async function insertHoldCapture(tx: Db, row: HoldCaptureRow): Promise<void> {
  await tx.insert(holdCaptures).values(row).onConflictDoNothing();
}

/** The captures of these authorizations (wallet entries name them). */
export async function findHoldCaptures(db: Db, authorizationIds: number[]): Promise<HoldCaptureRow[]> {
  if (authorizationIds.length === 0) return [];
  return db.select().from(holdCaptures).where(inArray(holdCaptures.authorizationId, authorizationIds));
}

/** A trade's captured holds, each with its appeal if one was filed (at most two captures). */
export async function findCapturesOfTrade(db: Db, tradeId: number): Promise<Array<{ capture: HoldCaptureRow; appeal: HoldAppealRow | null }>> {
  return db
    .select({ capture: holdCaptures, appeal: holdAppeals })
    .from(holdCaptures)
    .leftJoin(holdAppeals, eq(holdAppeals.authorizationId, holdCaptures.authorizationId))
    .where(eq(holdCaptures.tradeId, tradeId))
    .orderBy(asc(holdCaptures.authorizationId));
}

/** A capture, locked, with its appeal (locked too) if one was filed: filing and ruling wait for each other. */
export async function lockCapture(tx: Db, authorizationId: number): Promise<{ capture: HoldCaptureRow; appeal: HoldAppealRow | null } | null> {
  const [capture] = await tx.select().from(holdCaptures).where(eq(holdCaptures.authorizationId, authorizationId)).for('update');
  if (!capture) return null;
  const [appeal] = await tx.select().from(holdAppeals).where(eq(holdAppeals.authorizationId, authorizationId)).for('update');
  return { capture, appeal: appeal ?? null };
}

/** The capture an appeal is about. */
export async function findAppealCaptureId(db: Db, appealId: number): Promise<number | null> {
  const [row] = await db.select({ authorizationId: holdAppeals.authorizationId }).from(holdAppeals).where(eq(holdAppeals.id, appealId));
  return row?.authorizationId ?? null;
}

/** Files an appeal; null when one exists for the capture already (one per capture). */
export async function insertAppeal(
  tx: Db,
  row: { authorizationId: number; tradeId: number; reason: string; at: Date },
): Promise<HoldAppealRow | null> {
  const [saved] = await tx
    .insert(holdAppeals)
    .values({ authorizationId: row.authorizationId, tradeId: row.tradeId, reason: row.reason, createdAt: row.at, updatedAt: row.at })
    .onConflictDoNothing()
    .returning();
  return saved ?? null;
}

export interface AppealRuling {
  status: HoldAppealStatus;
  ruledById: string;
  ruling: string;
  ruledAt: Date;
  takenBackCents?: number;
  platformCents?: number;
}

/** Saves a ruling `WHERE status = <from>`; null when the appeal moved meanwhile. */
export async function updateAppealFrom(tx: Db, id: number, from: HoldAppealStatus, ruling: AppealRuling): Promise<HoldAppealRow | null> {
  const [saved] = await tx
    .update(holdAppeals)
    .set({ ...ruling, updatedAt: ruling.ruledAt })
    .where(and(eq(holdAppeals.id, id), eq(holdAppeals.status, from)))
    .returning();
  return saved ?? null;
}

/** Appeals waiting for a ruling, oldest first, with their captures (served by hold_appeals_open_idx). */
export async function findOpenAppeals(db: Db, limit: number): Promise<Array<{ capture: HoldCaptureRow; appeal: HoldAppealRow }>> {
  return db
    .select({ capture: holdCaptures, appeal: holdAppeals })
    .from(holdAppeals)
    .innerJoin(holdCaptures, eq(holdCaptures.authorizationId, holdAppeals.authorizationId))
    .where(eq(holdAppeals.status, 'open'))
    .orderBy(asc(holdAppeals.id))
    .limit(limit);
}

/**
 * The member's balance, its row locked until the transaction ends (0 without a wallet): what a
 * reversal takes back is decided on a balance no withdrawal can move meanwhile.
 */
export async function lockBalance(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  return row?.balanceCents ?? 0;
}
