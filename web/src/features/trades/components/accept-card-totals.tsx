import type { Trade } from '@soleswap/contracts/trades';
import { formatUsd, formatWholeUsd } from '../../../lib/format';
import { partyName } from '../format-trade';
import { partyIds } from '../trade-perspective';

/** What one card holds when the trade is accepted: its cash and its protection hold, in cents. */
export interface CardTotal {
  whose: 'mine' | 'theirs';
  cashCents: number;
  holdCents: number;
}

/**
 * What each side's card holds once the receiver accepts (issue #42): the trade's cash on its payer's
 * card, and each side's protection hold on that side's card. Sides holding nothing are left out;
 * mine first.
 */
export function cardTotals(trade: Trade): CardTotal[] {
  const { myId } = partyIds(trade);
  const holdOf = (side: 'proposer' | 'receiver') => trade.protectionHolds.find((hold) => hold.side === side)?.amountCents ?? 0;
  const mySide = trade.myRole === 'proposer' ? 'proposer' : 'receiver';
  const theirSide = mySide === 'proposer' ? 'receiver' : 'proposer';
  const cash = trade.cash;
  const totals: CardTotal[] = [
    { whose: 'mine', cashCents: cash && cash.payerId === myId ? cash.amountCents : 0, holdCents: holdOf(mySide) },
    { whose: 'theirs', cashCents: cash && cash.payerId !== myId ? cash.amountCents : 0, holdCents: holdOf(theirSide) },
  ];
  return totals.filter((total) => total.cashCents + total.holdCents > 0);
}

const money = (cents: number) => (cents % 100 === 0 ? formatWholeUsd(cents / 100) : formatUsd(cents / 100));

/** "$365 ($25 cash + $340 protection hold)", "$50 (cash)". */
export function cardTotalText({ cashCents, holdCents }: CardTotal): string {
  const parts = [...(cashCents > 0 ? [`${money(cashCents)} cash`] : []), ...(holdCents > 0 ? [`${money(holdCents)} protection hold`] : [])];
  const only = cashCents > 0 ? 'cash' : 'protection hold';
  return `${money(cashCents + holdCents)} (${parts.length > 1 ? parts.join(' + ') : only})`;
}

/**
 * The accept dialog's sum of what each card holds when the receiver accepts: held now, charged only
 * as the trade's cash at completion or a hold's capture. Nothing shows for a trade that holds nothing.
 */
export function AcceptCardTotals({ trade }: { trade: Trade }) {
  const totals = cardTotals(trade);
  if (totals.length === 0) return null;
  const name = partyName(trade.counterparty);
  return (
    <section aria-labelledby="accept-card-totals" className="flex flex-col gap-1 rounded-xl border border-border p-3 text-sm">
      <h3 id="accept-card-totals" className="font-semibold">
        Held on cards when you accept
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {totals.map((total) => (
          <div key={total.whose} className="contents">
            <dt className="text-muted">{total.whose === 'mine' ? 'Your card' : `${name}'s card`}</dt>
            <dd className="font-semibold tabular-nums">{cardTotalText(total)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
