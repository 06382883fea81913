import { and, count, eq, gte } from 'drizzle-orm';
import type { ReportKind } from '@soleswap/contracts/moderation';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/index';

export type ReportRow = typeof reports.$inferSelect;

/** The reporter's open report of this target, if any. */
export async function findOpenReport(db: Db, reporterId: string, kind: ReportKind, targetId: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.kind, kind), eq(reports.targetId, targetId), eq(reports.status, 'open')));
  return row ?? null;
}

/** Inserts an open report; null when the same open report was filed at the same moment. */
export async function insertOpenReport(db: Db, values: typeof reports.$inferInsert): Promise<ReportRow | null> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Reports the member filed since `since` (the per-member rate limit). */
export async function countReportsSince(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, since)));
  return Number(row?.n ?? 0);
}
