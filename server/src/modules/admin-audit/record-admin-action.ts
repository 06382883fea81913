import type { AdminAction, AdminTargetType } from '@soleswap/contracts/moderation';
import type { Db } from '../../db/client';
import { insertAdminAction } from './admin-audit.repository';

export interface AdminActionRecord {
  adminId: string;
  action: AdminAction;
  targetType: AdminTargetType;
  /** The record acted on; omitted for actions on no single record. */
  targetId?: string | number | null;
  /** The admin's reason or note, or a short summary of the outcome. */
  note?: string | null;
  at: Date;
}

/**
 * Writes one row of the admin audit log. It lives in its own small module, below every module that
 * records admin work (catalog, trades, moderation, ...), so recording never makes them import each other. Pass the transaction that makes the change, so the
 * change and its record commit together (or neither does).
 */
export async function recordAdminAction(tx: Db, record: AdminActionRecord): Promise<void> {
  await insertAdminAction(tx, {
    adminId: record.adminId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
    note: record.note ?? null,
    createdAt: record.at,
  });
}
