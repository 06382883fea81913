import type { AdminAction, AdminAuditEntry, AdminTargetType } from '@soleswap/contracts/moderation';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { findUsernameRows } from '../users/member-records';
import { decodeIdCursor, toIdPage } from '../users/member-summary';
import { listAdminActions } from './admin-audit.repository';

/** The admin audit log, newest first, a page at a time (GET /api/admin/audit-log). */
export async function findAdminAuditLog(ctx: AppContext, { cursor, limit }: PageQuery): Promise<Page<AdminAuditEntry>> {
  const rows = await listAdminActions(ctx.db, decodeIdCursor(cursor), limit);
  const adminIds = [...new Set(rows.flatMap((r) => (r.adminId ? [r.adminId] : [])))];
  const usernames = new Map((await findUsernameRows(ctx.db, adminIds)).map((u) => [u.id, u.username]));
  return toIdPage(
    rows.map((r) => ({ ...r, linkId: r.id })),
    limit,
    (r): AdminAuditEntry => ({
      id: r.id,
      admin: r.adminId ? { id: r.adminId, username: usernames.get(r.adminId) ?? null } : null,
      action: r.action as AdminAction,
      targetType: r.targetType as AdminTargetType,
      targetId: r.targetId,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}
