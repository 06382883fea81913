import type { Trade } from '@soleswap/contracts/trades';
import { Check, Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatUsd, formatWholeUsd } from '../../../lib/format';
import { partyName } from '../format-trade';
import { tradePerspective } from '../trade-perspective';

const amount = (cents: number) => (cents % 100 === 0 ? formatWholeUsd(cents / 100) : formatUsd(cents / 100));
const pairs = (count: number) => (count === 1 ? 'pair' : 'pairs');

/**
 * What confirming receipt sets in motion, in the order it happens: it cannot be undone, so the
 * member reads it before it does (docs/rules/trades.md#completion).
 */
export function receiptConsequences(trade: Trade): string[] {
  const name = partyName(trade.counterparty);
  const { me, them } = tradePerspective(trade);
  const completesNow = them.receivedAt !== null;
  const lines = [
    completesNow
      ? `${name} has already confirmed, so the trade completes now.`
      : `The trade completes when ${name} confirms receipt too, or automatically when their receive window closes.`,
    `Then your ${pairs(me.sneakers.length)} (${me.sneakers.map((s) => s.name).join(', ') || 'none'}) become ${name}'s, and theirs (${them.sneakers.map((s) => s.name).join(', ') || 'none'}) become yours.`,
  ];
  if (trade.cash) {
    const iPay = trade.cash.payerId !== trade.counterparty.id;
    lines.push(
      iPay
        ? `The ${amount(trade.cash.amountCents)} cash held on your card is charged and paid to ${name}.`
        : `The ${amount(trade.cash.amountCents)} cash held on ${name}'s card is charged and paid to your wallet.`,
    );
  }
  if (trade.protectionHolds.some((hold) => hold.status === 'held')) lines.push('Every protection hold on this trade is released.');
  return lines;
}

/**
 * "Mark received" as a decision: a dialog naming what happens when the pairs are confirmed, with
 * "Open a dispute" offered instead when something is wrong with the parcel.
 */
export function ReceiveDialog({
  trade,
  disabled,
  isPending,
  onConfirm,
  onDispute,
}: {
  trade: Trade;
  disabled?: boolean;
  isPending: boolean;
  onConfirm: (done: () => void) => void;
  /** Offered when the trade may be disputed now: closes this dialog and opens the dispute form. */
  onDispute?: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const name = partyName(trade.counterparty);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title="Confirm you received the pairs"
      description={`Only confirm once ${name}'s parcel is in your hands and the pairs are what you agreed. This cannot be undone.`}
      trigger={
        <Button variant="secondary" disabled={disabled} aria-busy={isPending}>
          <Check aria-hidden="true" />
          Mark received
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <ul aria-label="What happens when you confirm" className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {receiptConsequences(trade).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button disabled={isPending} aria-busy={isPending} onClick={() => onConfirm(() => setIsOpen(false))}>
            {isPending ? 'Confirming...' : 'Confirm receipt'}
          </Button>
          {onDispute ? (
            <Button
              variant="outline"
              disabled={isPending}
              onClick={() => {
                setIsOpen(false);
                onDispute();
              }}
            >
              <Flag aria-hidden="true" />
              Open a dispute instead
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
