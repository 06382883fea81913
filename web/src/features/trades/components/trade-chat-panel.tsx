import type { Trade } from '@soleswap/contracts/trades';
import { statusLabel } from '../trade-perspective';

/** The bottom line of a trade's chat panel (spec 2): where the trade stands and its number. */
export function TradeChatFooter({ trade }: { trade: Pick<Trade, 'id' | 'status'> }) {
  return (
    <>
      <span>Status: {statusLabel(trade.status)}</span>
      <span>Trade #{trade.id}</span>
    </>
  );
}
