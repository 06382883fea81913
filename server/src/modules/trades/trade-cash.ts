import type { TradeCash } from '@soleswap/contracts/wallet';

/** Just the columns that say who pays a trade's cash. */
export interface CashColumns {
  proposerId: string;
  receiverId: string;
  proposerCashCents: number;
  receiverCashCents: number;
}

/** Who pays whom how much; null for a swap without cash (the cash is on one side only). */
export function tradeCashOf(trade: CashColumns): TradeCash | null {
  if (trade.proposerCashCents > 0) return { payerId: trade.proposerId, payeeId: trade.receiverId, amountCents: trade.proposerCashCents };
  if (trade.receiverCashCents > 0) return { payerId: trade.receiverId, payeeId: trade.proposerId, amountCents: trade.receiverCashCents };
  return null;
}
