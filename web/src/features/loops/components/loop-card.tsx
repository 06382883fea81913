import { loopPackingSlipPath, LOOP_PACKING_SLIP_STATUSES, type Loop, type LoopAction, type LoopLeg } from '@soleswap/contracts/loops';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { TrackingLink } from '../../../components/shipping/tracking-link';
import { TrackingNumberField } from '../../../components/shipping/tracking-number-field';
import { toast } from '../../../lib/toast';
import { useLoopAction } from '../api/loops';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { useLoopSlots } from '../loop-slots';
import { LoopHoldNote } from './loop-hold-note';
import type { CashCard } from '@soleswap/contracts/wallet';

const ACTION_LABELS: Record<LoopAction, string> = {
  accept: 'Accept loop',
  decline: 'Decline loop',
  ship: 'Mark shipped',
  receive: 'Confirm receipt',
  dispute: 'Report a problem',
};

const STATUS_LABELS: Record<Loop['status'], string> = {
  proposed: 'Waiting for every member to accept',
  active: 'Locked in escrow: ship to the next member',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled, escrow refunded',
  disputed: 'Frozen by a dispute, escrow refunded',
};

const pairs = (leg: LoopLeg) => leg.sneakers.map((s) => `${s.name} (US ${s.size})`).join(', ') || 'a pair';

/**
 * One loop as the member sees it: what they give to whom, what they get from whom (each member
 * linked to their profile), their actions, and from the app the shipping addresses, the packing
 * slip and the loop's chat.
 */
export function LoopCard({ loop }: { loop: Loop }) {
  const act = useLoopAction();
  const slots = useLoopSlots();
  const [isAccepting, setIsAccepting] = useState(false);
  const [shipToAddressId, setShipToAddressId] = useState<number | null>(null);
  const [isChatOpen, setIsChatOpen] = useState(false);
  const [isReporting, setIsReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [isShipping, setIsShipping] = useState(false);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingError, setTrackingError] = useState<string | undefined>();
  const [holdCard, setHoldCard] = useState<CashCard | null>(null);
  const [holdCardError, setHoldCardError] = useState<string | null>(null);
  // The member's own outgoing leg is theirs: they are its sender.
  const viewerId = loop.myGive.fromUserId;
  // A member new to trading gives the card that holds their protection hold when they first accept.
  const owesHoldCard = loop.myGive.protectionHold?.status === 'due';
  const name = (id: string) => loop.members.find((m) => m.id === id)?.username ?? 'a member';
  const member = (id: string) => (
    <Link href={`/profile/${id}`} className="font-medium text-accent underline">
      {name(id)}
    </Link>
  );
  const run = (action: LoopAction) => {
    // Accepting chooses where my incoming pair goes (the loop binds once every member has).
    if (action === 'accept' && slots && !isAccepting) {
      setIsAccepting(true);
      return;
    }
    if (action === 'dispute' && !isReporting) {
      setIsReporting(true);
      return;
    }
    if (action === 'ship' && !isShipping) {
      setIsShipping(true);
      return;
    }
    if (action === 'accept' && owesHoldCard && slots && !holdCard) {
      setHoldCardError('Enter the card that holds your protection hold');
      return;
    }
    const body =
      action === 'dispute'
        ? { reason }
        : action === 'ship'
          ? { trackingNumber: trackingNumber.trim() }
          : action === 'accept'
            ? { ...(shipToAddressId !== null ? { shipToAddressId } : {}), ...(owesHoldCard && holdCard ? { cashCard: holdCard } : {}) }
            : undefined;
    act.mutate(
      { loopId: loop.id, action, body },
      {
        onSuccess: () => {
          if (action === 'ship') setIsShipping(false);
          if (action === 'accept') setIsAccepting(false);
        },
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.fields?.trackingNumber : undefined;
          const cardError =
            error instanceof ApiError ? (error.fields?.cashCard ?? (error.code === 'PAYMENT_DECLINED' ? error.serverMessage : undefined)) : undefined;
          if (action === 'ship' && fieldError) setTrackingError(fieldError);
          else if (action === 'accept' && cardError) setHoldCardError(cardError);
          else toast({ title: 'Could not update the loop', description: toUserMessage(error, 'Please try again'), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <Card className="flex flex-col gap-3 p-5" aria-label={`Loop ${loop.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-display text-lg font-extrabold">
          {loop.members.length}-member loop #{loop.id}
        </h3>
        <span className="text-sm font-semibold" data-testid="loop-status">
          {STATUS_LABELS[loop.status]}
        </span>
      </div>
      <p>
        You give <strong>{pairs(loop.myGive)}</strong> (${loop.myGive.value}) to {member(loop.myGive.toUserId)}.
      </p>
      <p>
        You get <strong>{pairs(loop.myReceive)}</strong> (${loop.myReceive.value}) from {member(loop.myReceive.fromUserId)}.
      </p>
      <ul aria-label="Verdicts of the pairs" className="flex flex-col gap-1 text-sm">
        {[...loop.myGive.sneakers, ...loop.myReceive.sneakers].map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2">
            <span className="text-muted">{s.name}:</span> <VerdictBadge verdict={s.verdict} />
          </li>
        ))}
      </ul>
      <ol className="text-sm text-muted">
        {loop.legs.map((leg) => (
          <li key={leg.position}>
            {member(leg.fromUserId)} → {member(leg.toUserId)}: {pairs(leg)} (${leg.value})
            {leg.receivedAt ? ' · received' : leg.shippedAt ? ' · shipped' : leg.fromAccepted && loop.status === 'proposed' ? ' · accepted' : ''}
            {leg.tracking ? (
              <>
                {' · '}
                <TrackingLink tracking={leg.tracking} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <LoopHoldNote loop={loop} viewerId={viewerId} />
      {loop.status === 'proposed' ? <p className="text-sm">Answer by {new Date(loop.acceptBy).toLocaleString()}.</p> : null}
      {loop.status === 'proposed' && loop.myGive.fromAccepted && !loop.myReceive.toShipToChosen ? (
        <p className="text-sm font-semibold">
          You accepted without choosing where your pair should go: the loop binds once every member has. Accept again with an address.
        </p>
      ) : null}
      {slots && loop.status !== 'declined' && loop.status !== 'expired' ? slots.renderShipTo(loop) : null}
      {LOOP_PACKING_SLIP_STATUSES.includes(loop.status) ? (
        <a href={loopPackingSlipPath(loop.id)} target="_blank" rel="noreferrer" className="self-start text-sm font-medium text-accent underline">
          Print the packing slip of your pair
        </a>
      ) : null}
      {isAccepting && loop.allowedActions.includes('accept') && slots ? (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Where should your pair arrive?</span>
          {slots.renderShipToPicker({ value: shipToAddressId, onChange: setShipToAddressId })}
          {owesHoldCard ? (
            <>
              {slots.renderHoldCard({
                onCard: (card) => {
                  setHoldCard(card);
                  setHoldCardError(null);
                },
              })}
              {holdCardError ? (
                <p role="alert" className="text-sm font-semibold text-destructive">
                  {holdCardError}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      {loop.status === 'active' && loop.myReceive.shippedAt && !loop.myReceive.receivedAt && loop.myReceive.receiveBy ? (
        <p className="text-sm">
          Confirm your pair arrived, or report a problem, by {new Date(loop.myReceive.receiveBy).toLocaleString()}: after that it is marked received
          automatically.
        </p>
      ) : null}
      {isReporting && loop.allowedActions.includes('dispute') ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          What went wrong? Reporting freezes the loop and refunds every member.
          <textarea className="min-h-20 rounded-lg border border-border bg-surface p-2" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
      ) : null}
      {isShipping && loop.allowedActions.includes('ship') ? (
        <TrackingNumberField
          value={trackingNumber}
          error={trackingError}
          onChange={(value) => {
            setTrackingNumber(value);
            setTrackingError(undefined);
          }}
        />
      ) : null}
      {loop.allowedActions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {loop.allowedActions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'decline' || action === 'dispute' ? 'outline' : undefined}
              disabled={act.isPending}
              onClick={() => run(action)}
            >
              {action === 'dispute' && isReporting
                ? 'Send report'
                : action === 'ship' && isShipping
                  ? 'Confirm shipment'
                  : action === 'accept' && isAccepting
                    ? 'Confirm acceptance'
                    : ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
      {slots ? (
        <Button size="sm" variant="outline" className="self-start" aria-expanded={isChatOpen} onClick={() => setIsChatOpen((open) => !open)}>
          {isChatOpen ? 'Hide the loop chat' : 'Loop chat'}
        </Button>
      ) : null}
      {slots && isChatOpen ? slots.renderChat(loop) : null}
    </Card>
  );
}
