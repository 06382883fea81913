import type { WalletEntry, WalletEntryKind, WalletPage } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { memberNames } from './hold-appeal-view';
import { findHoldCaptures, type HoldCaptureRow } from './hold-appeals.repository';
import { findBalance, listEntries, type WalletEntryRow } from './wallet.repository';

/** The entries that move a protection hold, and whose name each shows: the other member of the hold. */
const HOLD_ENTRY_OTHER: Partial<Record<WalletEntryKind, (c: HoldCaptureRow) => string>> = {
  // Paid to me because of their pair, deadline or dispute; taken back from me when their appeal won.
  protection_hold_credit: (c) => c.payerId,
  protection_hold_reversal: (c) => c.payerId,
  // My hold given back: it had been paid to them.
  protection_hold_refund: (c) => c.payeeId,
};

function toWalletEntry(row: WalletEntryRow, capture: HoldCaptureRow | undefined, names: Map<string, string | null>): WalletEntry {
  const otherOf = HOLD_ENTRY_OTHER[row.kind];
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    tradeId: row.tradeId,
    loopId: row.loopId,
    holdCapture: otherOf && capture ? { reason: capture.reason, memberName: names.get(otherOf(capture)) ?? null } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The signed-in member's balance and a page of their wallet's movements, newest first; a
 * protection-hold entry says why the hold was captured and names the other member (two queries, and
 * two more when the page holds such entries).
 */
export async function findMyWallet(ctx: AppContext, input: { memberId: string; cursor: number | null; limit: number }): Promise<WalletPage> {
  const balanceCents = await findBalance(ctx.db, input.memberId);
  const rows = await listEntries(ctx.db, input.memberId, { beforeId: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const holdIds = page.flatMap((row) => (HOLD_ENTRY_OTHER[row.kind] && row.authorizationId !== null ? [row.authorizationId] : []));
  const captures = new Map((await findHoldCaptures(ctx.db, holdIds)).map((c) => [c.authorizationId, c]));
  const names = captures.size
    ? await memberNames(
        ctx.db,
        [...captures.values()].flatMap((c) => [c.payerId, c.payeeId]),
      )
    : new Map<string, string | null>();
  return {
    balanceCents,
    currency: 'usd',
    entries: page.map((row) => toWalletEntry(row, row.authorizationId === null ? undefined : captures.get(row.authorizationId), names)),
    nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null,
  };
}
