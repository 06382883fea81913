import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { ReportKind } from '@soleswap/contracts/moderation';
import type { Db } from '../../db/client';
import { conversations, messages, reports, trades } from '../../db/schema/index';

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

/**
 * A chat message with the two members who can read it (the parties of its trade, or the two members
 * of its direct conversation), or null.
 */
export async function findMessageWithParties(db: Db, messageId: number) {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      proposerId: sql<string | null>`coalesce(${trades.proposerId}, ${conversations.userLowId})`,
      receiverId: sql<string | null>`coalesce(${trades.receiverId}, ${conversations.userHighId})`,
    })
    .from(messages)
    .leftJoin(trades, eq(trades.id, messages.tradeId))
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}
