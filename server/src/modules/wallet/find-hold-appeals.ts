import type { HoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { AppContext } from '../../context';
import { memberNames, toHoldAppeal } from './hold-appeal-view';
import { findOpenAppeals } from './hold-appeals.repository';

/** The most open appeals the admin queue lists at once. */
export const OPEN_APPEALS_LIMIT = 100;

/** GET /api/admin/hold-appeals: appeals waiting for a ruling, oldest first, with their members' names (two statements). */
export async function findOpenHoldAppeals(ctx: AppContext): Promise<HoldAppeal[]> {
  const rows = await findOpenAppeals(ctx.db, OPEN_APPEALS_LIMIT);
  const names = await memberNames(
    ctx.db,
    rows.flatMap((r) => [r.capture.payerId, r.capture.payeeId]),
  );
  const at = ctx.now();
  return rows.map((row) => toHoldAppeal(row, { names, roles: ['admin'], at }));
}
