import { and, asc, eq, gt } from 'drizzle-orm';
import type { ReportAction, ReportKind } from '@soleswap/contracts/moderation';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/index';
import type { ReportRow } from './reports.repository';

/**
 * The admins' queue of reports. The reported content (members, listings, messages) is read as it
 * is now through the modules that own it, including what its owner hid (find-open-reports.ts).
 */

/** Open reports, oldest first, after the cursor id; one extra row tells whether a next page exists. */
export async function listOpenReports(db: Db, afterId: number | undefined, limit: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.status, 'open'), afterId === undefined ? undefined : gt(reports.id, afterId)))
    .orderBy(asc(reports.id))
    .limit(limit + 1);
}

export async function findReportById(db: Db, id: number, { forUpdate = false } = {}): Promise<ReportRow | null> {
  const query = db.select().from(reports).where(eq(reports.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Closes every open report of the same content at once; answers the ids it closed. */
export async function closeOpenReportsOf(
  tx: Db,
  target: { kind: ReportKind; targetId: string },
  values: { status: 'resolved' | 'dismissed'; resolvedById: string; resolvedAt: Date; resolutionAction: ReportAction; resolutionNote: string },
): Promise<number[]> {
  const rows = await tx
    .update(reports)
    .set(values)
    .where(and(eq(reports.kind, target.kind), eq(reports.targetId, target.targetId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}
