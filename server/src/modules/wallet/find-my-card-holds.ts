import type { CardHold, CardHoldsPage } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { listCardHoldsOfPayer } from './card-holds.repository';
import type { CashAuthorizationRow } from './cash.repository';
import { memberNames } from './hold-appeal-view';

/**
 * What happened to a hold, oldest first, from its row: asked (still `requested`), or held at its
 * creation; then, at its last change, captured, released or expired. A declined card held nothing.
 */
function stepsOf(row: CashAuthorizationRow): CardHold['steps'] {
  const asked = row.createdAt.toISOString();
  const last = row.updatedAt.toISOString();
  switch (row.status) {
    case 'requested':
      return [{ step: 'requested', at: asked }];
    case 'declined':
      return [{ step: 'declined', at: last }];
    case 'authorized':
      return [{ step: 'authorized', at: asked }];
    case 'captured':
    case 'released':
    case 'expired':
      return [
        { step: 'authorized', at: asked },
        { step: row.status, at: last },
      ];
  }
}

/**
 * The signed-in member's card holds, newest first, a page at a time (issue #42): every
 * authorization of their card for a trade's cash or a protection hold, with what became of it and
 * the member it would be paid to (two queries).
 */
export async function findMyCardHolds(ctx: AppContext, input: { memberId: string; cursor: number | null; limit: number }): Promise<CardHoldsPage> {
  const rows = await listCardHoldsOfPayer(ctx.db, input.memberId, { beforeId: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const names = page.length
    ? await memberNames(
        ctx.db,
        page.map((row) => row.payeeId),
      )
    : new Map<string, string | null>();
  return {
    items: page.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      amountCents: row.amountCents,
      status: row.status,
      tradeId: row.tradeId,
      loopId: row.loopId,
      payeeName: names.get(row.payeeId) ?? null,
      isReauthorization: row.replacesId !== null,
      failureMessage: row.failureMessage,
      steps: stepsOf(row),
    })),
    nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null,
  };
}
