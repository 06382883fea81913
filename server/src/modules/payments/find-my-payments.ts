import type { PaymentsPage } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { listMemberPayments } from './payments.repository';
import { getMember } from '../users/membership-columns';
import { toMembershipPayment } from './payment-view';

/** The member's charges and refunds, newest first, a page at a time. */
export async function findMyPayments(ctx: AppContext, input: { memberId: string; cursor: number | null; limit: number }): Promise<PaymentsPage> {
  const member = await getMember(ctx.db, input.memberId);
  if (!member) throw notFound('Member');
  const rows = await listMemberPayments(ctx.db, member.id, { beforeId: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const payments = [];
  for (const row of page) payments.push(await toMembershipPayment(ctx, row, member));
  return { payments, nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null };
}
