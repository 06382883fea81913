import type { Trade } from '@soleswap/contracts/trades';
import { MessageCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { partyName } from '../format-trade';
import { hasShippingStage } from '../trade-perspective';
import { EscrowPanel } from './escrow-panel';
import { RatingPrompt } from './rating-prompt';
import { TradeActions } from './trade-actions';
import { GiveCardDialog } from './give-card-dialog';
import { ProtectionHoldNote } from './protection-hold-note';
import { TradeCashNote } from './trade-cash-note';
import { TradeCardHeader } from './trade-card-header';
import { DisputeEvidenceSection } from './dispute-evidence-section';
import { HoldAppealSection } from './hold-appeal-section';
import { TradeRulingSection } from './trade-ruling-section';
import { TradeProgress } from './trade-progress';
import { TradeSides } from './trade-sides';
import { TradeStatusNotes } from './trade-status-notes';
import { useTradeAddressSlots } from '../trade-address-slots';
import { shipsThroughLabelPanel, useTradeShippingSlot } from '../trade-shipping-slot';

function TradeMessage({ author, text }: { author: string; text: string }) {
  return (
    <blockquote className="rounded-xl border-l-4 border-accent/60 bg-surface-raised/60 px-3 py-2 text-sm">
      <span className="block text-xs font-semibold text-muted">{author}</span>
      <span className="break-words whitespace-pre-line">{text}</span>
    </blockquote>
  );
}

/** What the trades page needs from the chat, handed in by the app (features never import each other). */
export interface TradeChatSlot {
  /** The chat panel for this trade, given the id its toggle controls. */
  renderChat: (trade: Trade, id: string) => ReactNode;
  /** Unread messages per trade id. */
  unreadByTrade: ReadonlyMap<number, number>;
}

/** One trade on the management page (see docs/rules/trades.md#actions-and-who-may-take-them): who, what, where it stands, and what I can do. */
export function TradeCard({ trade, chat }: { trade: Trade; chat?: TradeChatSlot }) {
  const [isChatOpen, setIsChatOpen] = useState(false);
  const chatId = useId();
  const unread = chat?.unreadByTrade.get(trade.id) ?? 0;
  const name = partyName(trade.counterparty);
  const proposerName = trade.myRole === 'proposer' ? 'You' : name;
  const receiverName = trade.myRole === 'receiver' ? 'You' : name;
  // Escrow matters once there is or may soon be one; a trade closed before acceptance never had any.
  const addressSlots = useTradeAddressSlots();
  const shippingSlot = useTradeShippingSlot();
  // Addresses matter from the proposal on, unless the trade closed without ever being accepted.
  const showShipTo = trade.status === 'pending' || trade.escrowStatus !== 'pending';
  const showEscrow = trade.status === 'pending' || trade.escrowStatus !== 'pending' || trade.blockchainTxHash !== null;

  return (
    <article aria-label={`Trade #${trade.id}`} className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <TradeCardHeader trade={trade} />
      <TradeSides trade={trade} />
      <TradeCashNote trade={trade} />
      <ProtectionHoldNote trade={trade} />
      <GiveCardDialog trade={trade} />
      <HoldAppealSection trade={trade} />
      {trade.proposerMessage ? <TradeMessage author={`${proposerName} wrote`} text={trade.proposerMessage} /> : null}
      {trade.receiverMessage ? <TradeMessage author={`${receiverName} wrote`} text={trade.receiverMessage} /> : null}
      <TradeStatusNotes trade={trade} />
      {hasShippingStage(trade) ? <TradeProgress trade={trade} /> : null}
      {hasShippingStage(trade) && shipsThroughLabelPanel(trade, shippingSlot) ? shippingSlot?.renderPanel(trade) : null}
      {trade.disputedAt !== null ? <DisputeEvidenceSection trade={trade} /> : null}
      <TradeRulingSection trade={trade} />
      {showShipTo && addressSlots ? addressSlots.renderShipTo(trade) : null}
      {showEscrow ? <EscrowPanel trade={trade} /> : null}
      <RatingPrompt trade={trade} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <TradeActions trade={trade} />
        <Button
          variant="ghost"
          size="sm"
          className="self-start sm:ml-auto"
          aria-expanded={isChatOpen}
          aria-controls={isChatOpen ? chatId : undefined}
          onClick={() => setIsChatOpen((open) => !open)}
        >
          <MessageCircle aria-hidden="true" />
          {isChatOpen ? 'Hide chat' : 'Show chat'}
          {unread > 0 ? (
            <>
              <span aria-hidden="true" className="rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground">
                {unread}
              </span>
              <span className="sr-only"> ({unread} unread)</span>
            </>
          ) : null}
        </Button>
      </div>
      {isChatOpen && chat ? chat.renderChat(trade, chatId) : null}
    </article>
  );
}
