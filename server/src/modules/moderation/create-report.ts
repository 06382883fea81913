import { HOUR_MS } from '@soleswap/contracts/time';
import { REPORTS_PER_HOUR, type CreateReport, type Report } from '@soleswap/contracts/moderation';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { getSneaker } from '../sneakers/get-sneaker';
import { getUser } from '../users/get-user';
import { findMessageReaders } from '../chat/message-records';
import { countReportsSince, findOpenReport, insertOpenReport, type ReportRow } from './reports.repository';

function toReport(row: ReportRow): Report {
  return { id: row.id, kind: row.kind, targetId: row.targetId, status: row.status, createdAt: row.createdAt.toISOString() };
}

/** A listing's or message's number; anything else cannot exist. */
function recordId(targetId: string, what: string): number {
  const id = /^\d{1,10}$/.test(targetId) ? Number(targetId) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(what);
  return id;
}

/**
 * The member behind the target. A reporter can only report what they can see (a message of
 * someone else's trade is "not found"), and never themselves or their own listing or message.
 */
async function targetOwner(ctx: AppContext, reporter: User, { kind, targetId }: CreateReport): Promise<string> {
  let ownerId: string;
  if (kind === 'member') {
    ownerId = (await getUser(ctx, { id: targetId, viewer: reporter })).id;
  } else if (kind === 'listing') {
    ownerId = (await getSneaker(ctx, { id: recordId(targetId, 'Sneaker'), viewer: reporter })).userId;
  } else {
    const message = await findMessageReaders(ctx.db, recordId(targetId, 'Message'));
    if (!message || !message.readerIds.includes(reporter.id)) throw notFound('Message');
    ownerId = message.senderId;
  }
  if (ownerId === reporter.id) throw new AppError('VALIDATION_FAILED', 'You cannot report yourself or your own content');
  return ownerId;
}

/**
 * A member reports a member, a listing or a message for the operators' moderation queue
 * (POST /api/reports). Reporting the same target again while the first report is open answers
 * with that report and stores nothing new. At most REPORTS_PER_HOUR new reports an hour per
 * member, so the queue cannot be flooded by one account.
 */
export async function createReport(
  ctx: AppContext,
  { reporter, input }: { reporter: User; input: CreateReport },
): Promise<{ report: Report; created: boolean }> {
  const targetUserId = await targetOwner(ctx, reporter, input);
  const existing = await findOpenReport(ctx.db, reporter.id, input.kind, input.targetId);
  if (existing) return { report: toReport(existing), created: false };

  const since = new Date(ctx.now().getTime() - HOUR_MS);
  if ((await countReportsSince(ctx.db, reporter.id, since)) >= REPORTS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again later.`);
  }
  const row = await insertOpenReport(ctx.db, {
    reporterId: reporter.id,
    kind: input.kind,
    targetId: input.targetId,
    targetUserId,
    reason: input.reason,
    createdAt: ctx.now(),
  });
  if (row) return { report: toReport(row), created: true };
  // The same report was filed at the same moment (a double click): answer with that one.
  const twin = await findOpenReport(ctx.db, reporter.id, input.kind, input.targetId);
  if (!twin) throw new AppError('CONFLICT', 'Your report could not be saved. Please try again.');
  return { report: toReport(twin), created: false };
}
