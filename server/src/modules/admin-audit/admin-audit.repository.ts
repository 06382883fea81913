import { desc, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema/index';

export type AdminAuditInsert = typeof adminAuditLog.$inferInsert;

export async function insertAdminAction(db: Db, values: AdminAuditInsert): Promise<void> {
  await db.insert(adminAuditLog).values(values);
}

/** One page of the log, newest first; `beforeId` is the cursor. */
export async function listAdminActions(db: Db, beforeId: number | undefined, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      note: adminAuditLog.note,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(beforeId === undefined ? undefined : lt(adminAuditLog.id, beforeId))
    .orderBy(desc(adminAuditLog.id))
    .limit(limit + 1);
}
