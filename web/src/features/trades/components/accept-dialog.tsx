import { pairValueCents } from '@soleswap/contracts/pair-value';
import type { Trade } from '@soleswap/contracts/trades';
import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { formatCondition, formatUsd, formatWholeUsd } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAcceptTrade } from '../api/accept-trade';
import { partyName } from '../format-trade';
import { useTradeAddressSlots } from '../trade-address-slots';
import { useTradeShippingSlot } from '../trade-shipping-slot';
import { EMPTY_CARD, checkCashCard, cashErrorsFromServer, type CardErrors } from '../trade-cash-form';
import { partyIds, tradePerspective } from '../trade-perspective';
import { toastFailure } from '../trade-toasts';
import { CashCardFields } from './cash-card-fields';
import { FairValueMeter } from './fair-value-meter';
import { tradeValueCents } from '../via-authentication';
import { ViaAuthenticationField } from './via-authentication-field';
import { FlaggedAcknowledgement, flaggedPairs } from './flagged-acknowledgement';
import { AcceptCardTotals } from './accept-card-totals';
import { ProtectionHoldNote } from './protection-hold-note';
import { SneakerThumb } from './sneaker-thumb';

/**
 * 'Accept' and its dialog: what the receiver gets, pair by pair (photo, verdict, condition, value),
 * the fair-value meter, the receiver's card when they pay the trade's cash (authorized now, charged at
 * completion: docs/rules/money.md#cash-in-a-trade), what each card holds in all (cash and protection
 * hold, per side), and, when a pair of the trade is flagged for review, the acknowledgement the
 * server asks for. A declined card says whose it was.
 */
export function AcceptDialog({ trade, disabled }: { trade: Trade; disabled?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isFlagAcknowledged, setIsFlagAcknowledged] = useState(false);
  const [isViaAuthentication, setIsViaAuthentication] = useState(false);
  const [shipToAddressId, setShipToAddressId] = useState<number | null>(null);
  const slots = useTradeAddressSlots();
  const shippingSlot = useTradeShippingSlot();
  const [card, setCard] = useState(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  // A declined card: mine (the server puts its words on `cashCard`), or theirs, named by the server.
  const [decline, setDecline] = useState<{ message: string; isMine: boolean } | null>(null);
  const { me, them } = tradePerspective(trade);
  const { myId } = partyIds(trade);
  const name = partyName(trade.counterparty);
  const iPay = trade.cash !== null && trade.cash.payerId === myId;
  // A receiver new to trading holds the value of their pairs on the same card (docs/rules/money.md#protection-holds).
  const needsCard = iPay || trade.protectionHolds.some((hold) => hold.side === 'receiver');
  const cashCents = trade.cash?.amountCents ?? 0;
  const flagged = flaggedPairs([...them.sneakers, ...me.sneakers]);
  const accept = useAcceptTrade({
    onSuccess: () => toast({ title: 'Trade Accepted', description: 'The trade has been accepted and moved to escrow' }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'PAYMENT_DECLINED') {
        // Said in the dialog: nothing was locked; whose card failed decides who can try another (issue #42).
        setDecline({ message: error.serverMessage ?? 'A card was declined.', isMine: Boolean(error.fields?.cashCard) });
        return;
      }
      if (error instanceof ApiError) setCardErrors(cashErrorsFromServer(error.fields) ?? {});
      toastFailure('Failed to accept trade', error);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDecline(null);
    let cashCard = null;
    if (needsCard) {
      const checked = checkCashCard(card);
      setCardErrors(checked.errors ?? {});
      if (!checked.card) return;
      cashCard = checked.card;
    }
    const input = {
      ...(flagged.length > 0 ? { acknowledgeFlagged: isFlagAcknowledged } : {}),
      ...(shipToAddressId !== null ? { shipToAddressId } : {}),
      ...(cashCard ? { cashCard } : {}),
      ...(isViaAuthentication ? { viaAuthentication: true } : {}),
    };
    accept.mutate({ tradeId: trade.id, input }, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      size="wide"
      title="Accept this trade"
      description={`Both sides go into escrow until each has shipped and received. You receive from ${name}:`}
      trigger={
        <Button disabled={disabled}>
          <Check aria-hidden="true" />
          Accept
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <ul aria-label="You receive" className="flex flex-col gap-3">
          {them.sneakers.map((sneaker) => (
            <li key={sneaker.id} className="flex items-center gap-3 rounded-xl border border-border p-2.5">
              <SneakerThumb sneaker={sneaker} alt={sneaker.name} className="size-20" />
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-semibold break-words">{sneaker.name}</span>
                <span className="text-xs text-muted">
                  {sneaker.brand} · Size {sneaker.size} · Condition {formatCondition(sneaker.condition)}/10 · Value{' '}
                  {formatUsd(pairValueCents(sneaker) / 100)}
                </span>
                <VerdictBadge verdict={sneaker.verdict} />
              </div>
            </li>
          ))}
        </ul>
        {them.missingCount > 0 ? <p className="text-sm text-warning">A pair of this trade was removed by its owner.</p> : null}
        <FairValueMeter
          mine={me.sneakers}
          theirs={them.sneakers}
          myCashCents={iPay ? cashCents : 0}
          theirCashCents={trade.cash && !iPay ? cashCents : 0}
          partnerName={name}
        />
        {trade.cash && !iPay ? (
          <p className="text-sm text-muted">
            {name}'s card is held for {formatWholeUsd(cashCents / 100)} when you accept and charged only when the trade completes; the cash then goes
            to your wallet.
          </p>
        ) : null}
        <ProtectionHoldNote trade={trade} />
        {needsCard ? (
          <div className="flex flex-col gap-2">
            {iPay ? (
              <p className="text-sm">
                You add <strong>{formatWholeUsd(cashCents / 100)} cash</strong> to {name}'s side. Your card is held now and charged only when the
                trade completes; the hold is released if it does not.
              </p>
            ) : null}
            <CashCardFields legend="Your card" value={card} onChange={setCard} errors={cardErrors} />
          </div>
        ) : null}
        <AcceptCardTotals trade={trade} />
        {decline ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {decline.isMine ? `${decline.message} Nothing was locked: the trade is still pending. You can try another card.` : decline.message}
          </p>
        ) : null}
        {slots?.renderShipToPicker({
          value: shipToAddressId,
          onChange: setShipToAddressId,
          viaCentre: trade.viaAuthentication || isViaAuthentication,
        })}
        {trade.viaAuthentication ? (
          <p className="text-sm text-muted">
            Both pairs go through the SoleSwap authentication centre: each side ships to the centre, which sends each pair on once both pass. {name}{' '}
            never sees your address, and you never see theirs.
          </p>
        ) : (
          <ViaAuthenticationField
            valueCents={tradeValueCents([me.sneakers, them.sneakers])}
            isChecked={isViaAuthentication}
            onCheckedChange={setIsViaAuthentication}
          />
        )}
        {shippingSlot?.renderAcceptNote(trade)}
        <FlaggedAcknowledgement pairs={flagged} isChecked={isFlagAcknowledged} onCheckedChange={setIsFlagAcknowledged} />
        <Button type="submit" disabled={accept.isPending || (flagged.length > 0 && !isFlagAcknowledged)}>
          {accept.isPending ? 'Accepting...' : 'Accept trade'}
        </Button>
      </form>
    </Dialog>
  );
}
