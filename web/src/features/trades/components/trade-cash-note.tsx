import type { Trade } from '@soleswap/contracts/trades';
import { Banknote } from 'lucide-react';
import { formatWholeUsd } from '../../../lib/format';
import { partyName } from '../format-trade';

/**
 * The cash one side adds to balance the swap (docs/rules/money.md): who pays whom, and when the card
 * is charged. Nothing shows for a trade without cash.
 */
export function TradeCashNote({ trade }: { trade: Trade }) {
  if (!trade.cash) return null;
  const name = partyName(trade.counterparty);
  const iPay = trade.cash.payerId !== trade.counterparty.id;
  const amount = formatWholeUsd(trade.cash.amountCents / 100);
  return (
    <p className="flex items-start gap-2 rounded-xl border border-border bg-surface-raised/60 px-3 py-2 text-sm">
      <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>
        <strong>{iPay ? `You add ${amount} cash` : `${name} adds ${amount} cash`}</strong>
        {iPay ? ` to ${name}'s side.` : ' to your side.'} The card is held at acceptance and charged only when the trade completes.
      </span>
    </p>
  );
}
