import type { HoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { Db } from '../../db/client';
import { findUsernameRows } from '../users/member-records';
import { tradeIdOf } from './money-subject';
import { allowedHoldAppealActions, type HoldAppealRole } from './hold-appeal.machine';
import { holdAppealSnapshot } from './hold-appeal-transition';
import type { HoldAppealRow, HoldCaptureRow } from './hold-appeals.repository';

/** The names of these members, now, in one statement. */
export async function memberNames(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  const rows = await findUsernameRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** An appeal as its members and admins see it, with what `roles` may do to it at `at`. */
export function toHoldAppeal(
  { capture, appeal }: { capture: HoldCaptureRow; appeal: HoldAppealRow },
  { names, roles, at }: { names: Map<string, string | null>; roles: HoldAppealRole[]; at: Date },
): HoldAppeal {
  return {
    id: appeal.id,
    tradeId: tradeIdOf(capture),
    ownerId: capture.payerId,
    ownerName: names.get(capture.payerId) ?? null,
    otherId: capture.payeeId,
    otherName: names.get(capture.payeeId) ?? null,
    amountCents: capture.amountCents,
    captureReason: capture.reason,
    capturedAt: capture.capturedAt.toISOString(),
    reason: appeal.reason,
    status: appeal.status,
    ruling: appeal.ruling !== null && appeal.ruledAt ? { note: appeal.ruling, at: appeal.ruledAt.toISOString() } : null,
    takenBackCents: appeal.takenBackCents,
    platformCents: appeal.platformCents,
    createdAt: appeal.createdAt.toISOString(),
    allowedActions: allowedHoldAppealActions(holdAppealSnapshot(capture, appeal, at), roles),
  };
}
