import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { ReportAction, ReportKind } from '@soleswap/contracts/moderation';
import type { Db } from '../../db/client';
import { messages, reports, sneakers, users } from '../../db/schema/index';
import type { ReportRow } from './reports.repository';

/**
 * The admins' view of reported content. These reads join other modules' tables on purpose: the
 * queue shows content as it is now, including what its owner hid, which no member-facing read gives.
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

export const moderatedMemberColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  reputation: users.reputation,
  totalTrades: users.totalTrades,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
};

export async function findModeratedMembers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(moderatedMemberColumns).from(users).where(inArray(users.id, ids));
}

export async function findReportedListings(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sneakers.id,
      name: sneakers.name,
      brand: sneakers.brand,
      imageUrl: sneakers.imageUrl,
      thumbnailUrl: sneakers.thumbnailUrl,
      isAvailableForTrade: sneakers.isAvailableForTrade,
    })
    .from(sneakers)
    .where(inArray(sneakers.id, ids));
}

const messageColumns = {
  id: messages.id,
  tradeId: messages.tradeId,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderName: users.username,
  content: messages.content,
  imageUrl: messages.imageUrl,
  createdAt: messages.createdAt,
};

/** A message and the window of its chat around it (up to `around` each side, in chat order); null when it is gone. */
export async function findMessageInContext(db: Db, messageId: number, around: number) {
  const [reported] = await db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(eq(messages.id, messageId));
  if (!reported) return null;
  // A message belongs to a trade's chat or to a direct conversation, never both.
  const sameChat =
    reported.tradeId !== null ? eq(messages.tradeId, reported.tradeId) : eq(messages.conversationId, reported.conversationId ?? -1);
  const [before, after] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(and(sameChat, lt(messages.id, messageId)))
      .orderBy(desc(messages.id))
      .limit(around),
    db
      .select(messageColumns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(and(sameChat, gt(messages.id, messageId)))
      .orderBy(asc(messages.id))
      .limit(around),
  ]);
  return { reported, context: [...before.reverse(), reported, ...after] };
}
