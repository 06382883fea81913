import type { Trade } from '@soleswap/contracts/trades';
import type { ProtectionHold, ProtectionHoldPreview } from '@soleswap/contracts/wallet-protection';
import { ShieldCheck } from 'lucide-react';
import { formatUsd, formatWholeUsd } from '../../../lib/format';
import { partyName } from '../format-trade';

/** "$240", or "$239.50" when the hold is not whole dollars (a market price adjusted for condition). */
const holdAmount = (cents: number) => (cents % 100 === 0 ? formatWholeUsd(cents / 100) : formatUsd(cents / 100));

/**
 * Every case that captures a hold (docs/rules/money.md#protection-holds: `tradeMoneyFacts` in
 * server/src/modules/trades/protection-holds.ts), in the words each side reads.
 */
export const CAPTURED_IF = {
  mine: 'you miss the ship deadline, a dispute goes against you, or your pair fails authentication at the centre',
  theirs: 'they miss the ship deadline, a dispute goes against them, or their pair fails authentication at the centre',
} as const;

/**
 * Whom a hold protects: a side's hold is on its own card and protects the other side, who receives
 * its pairs (issue #42: "Your side is protected by a hold on your card" said the opposite).
 */
export function holdTitle(amountCents: number, mine: boolean, other: string): string {
  return mine
    ? `A ${holdAmount(amountCents)} hold on your card protects ${other}`
    : `A ${holdAmount(amountCents)} hold on ${other}'s card protects you`;
}

function whatHappens(hold: ProtectionHold, mine: boolean, other: string): string {
  switch (hold.status) {
    case 'due':
      return mine
        ? `Your card is held for it when the trade is accepted; it is paid to ${other} only if ${CAPTURED_IF.mine}.`
        : `Their card is held for it when the trade is accepted; it is paid to you only if ${CAPTURED_IF.theirs}.`;
    case 'held':
      return mine
        ? `Released when the trade completes; paid to ${other} if ${CAPTURED_IF.mine}.`
        : `Released when the trade completes; paid to you if ${CAPTURED_IF.theirs}.`;
    case 'captured':
      return mine ? `It was paid to ${other}'s wallet.` : 'It was paid to your wallet.';
    case 'released':
      return 'It was released.';
  }
}

function HoldItem({ hold, mine, other }: { hold: ProtectionHold; mine: boolean; other: string }) {
  return (
    <li className="flex items-start gap-2 rounded-xl border border-border bg-surface-raised/60 px-3 py-2 text-sm">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>
        <strong>{holdTitle(hold.amountCents, mine, other)}</strong>
        {mine ? ', in case the pairs you send do not reach them as agreed. ' : ', in case the pairs they send do not reach you as agreed. '}
        {whatHappens(hold, mine, other)}
      </span>
    </li>
  );
}

/**
 * The protection holds of a trade (docs/rules/money.md#protection-holds), shown to both sides before
 * they commit: a member new to trading holds the market value of the pairs they send on their card.
 * Nothing shows for a trade without holds.
 */
export function ProtectionHoldNote({ trade }: { trade: Trade }) {
  if (trade.protectionHolds.length === 0) return null;
  const other = partyName(trade.counterparty);
  return (
    <ul aria-label="Protection holds" className="flex flex-col gap-2">
      {trade.protectionHolds.map((hold) => (
        <HoldItem key={hold.side} hold={hold} mine={hold.side === trade.myRole} other={other} />
      ))}
    </ul>
  );
}

/**
 * The holds a proposal or counter being made would carry (`GET /api/trades/protection-holds`), in
 * the same words as on the trade: I am its proposer. Nothing shows when it carries none.
 */
export function ProtectionHoldPreviewNote({ holds, partnerName }: { holds: ProtectionHoldPreview['protectionHolds']; partnerName: string }) {
  if (holds.length === 0) return null;
  return (
    <ul aria-label="Protection holds" className="flex flex-col gap-2">
      {holds.map((hold) => (
        <HoldItem key={hold.side} hold={{ ...hold, status: 'due' }} mine={hold.side === 'proposer'} other={partnerName} />
      ))}
    </ul>
  );
}
