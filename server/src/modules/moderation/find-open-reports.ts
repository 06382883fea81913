import type { AdminReport, ModeratedMessage } from '@soleswap/contracts/moderation';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findMessagesInContext, type ChatMessageRow } from '../chat/message-records';
import { findSneakerCards } from '../sneakers/sneaker-records';
import { findModeratedMembers, findUsernameRows } from '../users/member-records';
import { decodeIdCursor } from '../users/member-summary';
import { toModeratedMember } from './moderated-member';
import { listOpenReports } from './report-queue.repository';
import type { ReportRow } from './reports.repository';

/** Messages shown on each side of a reported one. */
const MESSAGE_CONTEXT = 3;

const asNumber = (targetId: string) => (/^\d{1,10}$/.test(targetId) ? Number(targetId) : 0);

/**
 * The admins' queue (GET /api/admin/reports): open reports, oldest first, each with the reported
 * content as it is now: the member's profile summary, the listing with its photo and owner, or
 * the message among the messages around it.
 */
export async function findOpenReports(ctx: AppContext, { cursor, limit }: PageQuery): Promise<Page<AdminReport>> {
  const rows = await listOpenReports(ctx.db, decodeIdCursor(cursor), limit);
  const page = rows.slice(0, limit);
  // The cursor is the last id shown: report ids grow in filing order.
  return { items: await describeReports(ctx, page), nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/**
 * The reports with their content, in the order given: a fixed number of statements whatever the
 * page holds (members, listings and message windows by id, then the senders' names).
 */
export async function describeReports(ctx: AppContext, rows: ReportRow[]): Promise<AdminReport[]> {
  const memberIds = new Set<string>();
  for (const r of rows) {
    memberIds.add(r.reporterId);
    if (r.targetUserId) memberIds.add(r.targetUserId);
  }
  const listingIds = rows.filter((r) => r.kind === 'listing').map((r) => asNumber(r.targetId));
  const messageIds = rows.filter((r) => r.kind === 'message').map((r) => asNumber(r.targetId));
  const [members, listings, messages] = await Promise.all([
    findModeratedMembers(ctx.db, [...memberIds]),
    findSneakerCards(ctx.db, listingIds),
    findMessagesInContext(ctx.db, messageIds, MESSAGE_CONTEXT),
  ]);
  const senderIds = new Set([...messages.values()].flatMap((m) => m.context.map((c) => c.senderId)));
  const senderNames = new Map((await findUsernameRows(ctx.db, [...senderIds])).map((u) => [u.id, u.username]));
  const memberById = new Map(members.map((m) => [m.id, toModeratedMember(m)]));
  const listingById = new Map(
    listings.map(({ id, name, brand, imageUrl, thumbnailUrl, isAvailableForTrade }) => [
      id,
      { id, name, brand, imageUrl, thumbnailUrl, isAvailableForTrade },
    ]),
  );
  const toMessage = (m: ChatMessageRow): ModeratedMessage => ({
    ...m,
    senderName: senderNames.get(m.senderId) ?? null,
    createdAt: m.createdAt.toISOString(),
  });

  const reports: AdminReport[] = [];
  for (const r of rows) {
    const found = r.kind === 'message' ? messages.get(asNumber(r.targetId)) : undefined;
    reports.push({
      id: r.id,
      kind: r.kind,
      targetId: r.targetId,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      reporter: memberById.get(r.reporterId) ?? null,
      reportedMember: r.targetUserId ? (memberById.get(r.targetUserId) ?? null) : null,
      listing: r.kind === 'listing' ? (listingById.get(asNumber(r.targetId)) ?? null) : null,
      message: found ? { reported: toMessage(found.reported), context: found.context.map(toMessage) } : null,
      resolutionAction: r.resolutionAction,
      resolutionNote: r.resolutionNote,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    });
  }
  return reports;
}
