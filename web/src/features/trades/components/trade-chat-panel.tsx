import type { Trade } from '@soleswap/contracts/trades';
import { MessageCircle } from 'lucide-react';
import { partyName } from '../format-trade';
import { statusLabel } from '../trade-perspective';
import { PartyAvatar } from './party-avatar';

/**
 * The negotiation chat panel (see docs/web-client.md#cards-and-small-behaviours). Messaging ships in a later issue, so it says so
 * plainly instead of showing a text box that sends nothing.
 */
export function TradeChatPanel({ trade, id }: { trade: Trade; id: string }) {
  const name = partyName(trade.counterparty);
  return (
    <section id={id} aria-label={`Chat with ${name}`} className="flex flex-col rounded-xl border border-border">
      <header className="flex items-center gap-3 border-b border-border p-3">
        <PartyAvatar party={trade.counterparty} className="size-8 text-sm" />
        <div className="flex flex-col">
          <span className="text-sm font-semibold">{name}</span>
          <span className="text-xs text-muted">Trading partner</span>
        </div>
      </header>
      <div className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted">
        <MessageCircle className="size-6" aria-hidden="true" />
        <p>Chat opens in a later release.</p>
        <p className="text-xs">Until then, the proposal message is the place to agree on details.</p>
      </div>
      <footer className="flex justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted">
        <span>Status: {statusLabel(trade.status)}</span>
        <span>Trade #{trade.id}</span>
      </footer>
    </section>
  );
}
