import type { AdminReport, ResolveReport } from '@soleswap/contracts/moderation';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { inTransaction } from '../../http/events-after-commit';
import { hideListingForModeration } from '../sneakers/hide-listing-for-moderation';
import { settleTradesOfSuspendedMember } from '../trades/settle-trades-of-suspended';
import { describeReports } from './find-open-reports';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { closeOpenReportsOf, findReportById } from './report-queue.repository';
import { applySuspension } from './suspend-member';

const asNumber = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : 0);

/**
 * An admin settles a report (POST /api/admin/reports/:id/resolve) with a required note:
 * - dismiss: nothing was wrong; the report is marked dismissed;
 * - hide-listing (listing reports only): the listing is taken off the market;
 * - suspend-member: the member behind the content is suspended (see suspendMember).
 * Every other open report of the same content is closed with it, so the queue does not ask twice.
 * A report that is no longer open answers 409 CONFLICT: it was settled already, perhaps by another
 * admin, and acting again could contradict that decision.
 */
export async function resolveReport(
  ctx: AppContext,
  { adminId, reportId, input }: { adminId: string; reportId: number; input: ResolveReport },
): Promise<AdminReport> {
  const { action, note } = input;
  const suspendedUserId = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const report = await findReportById(tx, reportId, { forUpdate: true });
    if (!report) throw notFound('Report');
    if (report.status !== 'open') throw new AppError('CONFLICT', 'This report was already resolved');
    const at = ctx.now();

    let suspend: string | null = null;
    if (action === 'hide-listing') {
      if (report.kind !== 'listing') throw invalidAction('Only a listing report can hide a listing');
      if (await hideListingForModeration(txCtx, { id: asNumber(report.targetId) })) {
        await recordAdminAction(tx, { adminId, action: 'hide-listing', targetType: 'listing', targetId: report.targetId, note, at });
      }
    } else if (action === 'suspend-member') {
      if (!report.targetUserId) throw invalidAction('The reported member no longer exists');
      await applySuspension(txCtx, { adminId, userId: report.targetUserId, reason: note });
      suspend = report.targetUserId;
    }

    await closeOpenReportsOf(tx, report, {
      status: action === 'dismiss' ? 'dismissed' : 'resolved',
      resolvedById: adminId,
      resolvedAt: at,
      resolutionAction: action,
      resolutionNote: note,
    });
    await recordAdminAction(tx, { adminId, action: 'resolve-report', targetType: 'report', targetId: report.id, note: `${action}: ${note}`, at });
    return suspend;
  });
  if (suspendedUserId) await settleTradesOfSuspendedMember(ctx, suspendedUserId);

  const [resolved] = await describeReports(ctx, [(await findReportById(ctx.db, reportId))!]);
  return resolved!;
}

const invalidAction = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: { action: message } });
