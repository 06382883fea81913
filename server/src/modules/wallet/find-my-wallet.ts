import type { WalletEntry, WalletPage } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { findBalance, listEntries, type WalletEntryRow } from './wallet.repository';

function toWalletEntry(row: WalletEntryRow): WalletEntry {
  return { id: row.id, kind: row.kind, amountCents: row.amountCents, tradeId: row.tradeId, createdAt: row.createdAt.toISOString() };
}

/** The signed-in member's balance and a page of their wallet's movements, newest first (two queries). */
export async function findMyWallet(ctx: AppContext, input: { memberId: string; cursor: number | null; limit: number }): Promise<WalletPage> {
  const balanceCents = await findBalance(ctx.db, input.memberId);
  const rows = await listEntries(ctx.db, input.memberId, { beforeId: input.cursor, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  return {
    balanceCents,
    currency: 'usd',
    entries: page.map(toWalletEntry),
    nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null,
  };
}
