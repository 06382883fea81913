import type { Trade } from '@soleswap/contracts/trades';
import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCondition, formatUsd } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAcceptTrade } from '../api/accept-trade';
import { partyName } from '../format-trade';
import { useTradeAddressSlots } from '../trade-address-slots';
import { tradePerspective } from '../trade-perspective';
import { toastFailure } from '../trade-toasts';
import { FlaggedAcknowledgement, flaggedPairs } from './flagged-acknowledgement';
import { SneakerThumb } from './sneaker-thumb';

/**
 * 'Accept' and its dialog: what the receiver gets, pair by pair (photo, verdict, condition, value),
 * and, when a pair of the trade is flagged for review, the acknowledgement the server asks for.
 */
export function AcceptDialog({ trade, disabled }: { trade: Trade; disabled?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isFlagAcknowledged, setIsFlagAcknowledged] = useState(false);
  const [shipToAddressId, setShipToAddressId] = useState<number | null>(null);
  const slots = useTradeAddressSlots();
  const { me, them } = tradePerspective(trade);
  const flagged = flaggedPairs([...them.sneakers, ...me.sneakers]);
  const accept = useAcceptTrade({
    onSuccess: () => toast({ title: 'Trade Accepted', description: 'The trade has been accepted and moved to escrow' }),
    onError: (error) => toastFailure('Failed to accept trade', error),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = {
      ...(flagged.length > 0 ? { acknowledgeFlagged: isFlagAcknowledged } : {}),
      ...(shipToAddressId !== null ? { shipToAddressId } : {}),
    };
    accept.mutate({ tradeId: trade.id, input }, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      size="wide"
      title="Accept this trade"
      description={`Both sides go into escrow until each has shipped and received. You receive from ${partyName(trade.counterparty)}:`}
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
                  {formatUsd(sneaker.estimatedValue)}
                </span>
                <VerdictBadge verdict={sneaker.verdict} />
              </div>
            </li>
          ))}
        </ul>
        {them.missingCount > 0 ? <p className="text-sm text-warning">A pair of this trade was removed by its owner.</p> : null}
        {slots?.renderShipToPicker({ value: shipToAddressId, onChange: setShipToAddressId })}
        <FlaggedAcknowledgement pairs={flagged} isChecked={isFlagAcknowledged} onCheckedChange={setIsFlagAcknowledged} />
        <Button type="submit" disabled={accept.isPending || (flagged.length > 0 && !isFlagAcknowledged)}>
          {accept.isPending ? 'Accepting...' : 'Accept trade'}
        </Button>
      </form>
    </Dialog>
  );
}
