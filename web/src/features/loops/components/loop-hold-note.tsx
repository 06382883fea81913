import type { Loop, LoopLeg } from '@soleswap/contracts/loops';
import { ShieldCheck } from 'lucide-react';
import { formatUsd, formatWholeUsd } from '../../../lib/format';

/** "$240", or "$239.50" when the hold is not whole dollars (a market price adjusted for condition). */
const holdAmount = (cents: number) => (cents % 100 === 0 ? formatWholeUsd(cents / 100) : formatUsd(cents / 100));

/**
 * Where a leg's hold stands, in the words its sender (`mine`) or another member reads. A loop's hold
 * is captured in one case only (docs/rules/money.md#protection-holds: loopMoneyFacts in
 * server/src/modules/loops/loop-money-facts.ts): its sender misses the ship deadline; it is then paid
 * to the member the leg goes to.
 */
function whatHappens(hold: NonNullable<LoopLeg['protectionHold']>, mine: boolean, from: string, to: string, toIsMe: boolean): string {
  const payee = toIsMe ? 'you' : to;
  switch (hold.status) {
    case 'due':
      return mine
        ? `Your card is held for it when you accept; it is paid to ${payee} only if you miss the ship deadline.`
        : `${from}'s card is held for it when they accept; it is paid to ${payee} only if they miss the ship deadline.`;
    case 'held':
      return mine
        ? `Released when the loop completes or ends without your fault; paid to ${payee} if you miss the ship deadline.`
        : `Released when the loop completes or ends without their fault; paid to ${payee} if they miss the ship deadline.`;
    case 'captured':
      return `It was paid to ${toIsMe ? 'your' : `${to}'s`} wallet: ${mine ? 'you' : from} missed the ship deadline.`;
    case 'released':
      return 'It was released.';
  }
}

/**
 * The protection holds of a loop (docs/rules/money.md#protection-holds), shown to every member as a
 * trade shows both sides': a member new to trading holds the market value of the pair they send on
 * their card. Nothing shows for a loop without holds.
 */
export function LoopHoldNote({ loop, viewerId }: { loop: Loop; viewerId: string }) {
  const held = loop.legs.filter((leg) => leg.protectionHold !== null);
  if (held.length === 0) return null;
  const name = (id: string) => loop.members.find((m) => m.id === id)?.username ?? 'a member';
  return (
    <ul aria-label="Protection holds" className="flex flex-col gap-2">
      {held.map((leg) => {
        const hold = leg.protectionHold!;
        const mine = leg.fromUserId === viewerId;
        return (
          <li key={leg.position} className="flex items-start gap-2 rounded-xl border border-border bg-surface-raised/60 px-3 py-2 text-sm">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>
              <strong>
                {mine
                  ? `Your pair is covered by a ${holdAmount(hold.amountCents)} hold`
                  : `${name(leg.fromUserId)}'s pair is covered by a ${holdAmount(hold.amountCents)} hold`}
              </strong>
              {mine ? ' on your card. ' : ` on their card. `}
              {whatHappens(hold, mine, name(leg.fromUserId), name(leg.toUserId), leg.toUserId === viewerId)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
