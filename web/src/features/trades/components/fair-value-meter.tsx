import type { ValuedPair } from '@soleswap/contracts/pair-value';
import { readFairValue, type SideValue } from '@soleswap/contracts/wallet-fair-value';
import { AlertTriangle, Scale } from 'lucide-react';
import { formatWholeUsd } from '../../../lib/format';

interface FairValueMeterProps {
  /** The pairs the viewer gives. */
  mine: readonly ValuedPair[];
  /** The pairs the viewer gets. */
  theirs: readonly ValuedPair[];
  myCashCents: number;
  theirCashCents: number;
  partnerName: string;
}

const SOURCE_LABELS: Record<SideValue['source'], string> = {
  market: 'market price by condition',
  estimate: "owner's estimate",
  mixed: "market prices by condition and owner's estimates",
  none: 'no pairs chosen',
};

const usd = (cents: number) => formatWholeUsd(cents / 100);

function SideRow({ label, side }: { label: string; side: SideValue }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="flex flex-col">
        <span className="font-display text-xl font-extrabold">{usd(side.totalCents)}</span>
        <span className="text-xs text-muted">
          Pairs {usd(side.pairsCents)} ({SOURCE_LABELS[side.source]}){side.cashCents > 0 ? ` + ${usd(side.cashCents)} cash` : ''}
        </span>
      </dd>
    </div>
  );
}

/**
 * The fair-value meter (docs/rules/money.md#the-fair-value-meter): what each side is worth, the gap,
 * the cash that would even the pairs, and a warning when a side gives up more than 25% of its value.
 * Every view computes it with the same rule (contracts/src/wallet-fair-value.ts), each pair valued
 * by the one valuation (contracts/src/pair-value.ts) that holds, step-up and the authentication rule use.
 */
export function FairValueMeter({ mine, theirs, myCashCents, theirCashCents, partnerName }: FairValueMeterProps) {
  const reading = readFairValue({ mine, theirs, myCashCents, theirCashCents });
  const { give, get, gapCents, balancingCash, lopsidedSide, lopsidedShare } = reading;
  const total = give.totalCents + get.totalCents;
  const givePercent = total > 0 ? Math.round((give.totalCents / total) * 100) : 50;
  const isEven = Math.abs(gapCents) < 100;
  const gapText = isEven
    ? 'The sides are even.'
    : gapCents > 0
      ? `You come out ${usd(gapCents)} ahead.`
      : `${partnerName} comes out ${usd(-gapCents)} ahead.`;
  let balanceText: string | null = null;
  if (balancingCash && !isEven) {
    const who = balancingCash.payer === 'me' ? 'you adding' : `${partnerName} adding`;
    balanceText = `The pairs are even with ${who} ${usd(balancingCash.cents)} cash${balancingCash.isAboveCap ? ', more than the $500 a trade can carry' : ''}.`;
  }
  const percent = Math.round(lopsidedShare * 100);
  return (
    <section aria-label="Fair value" className="flex flex-col gap-3 rounded-2xl border border-border bg-surface-raised/40 p-4">
      <h3 className="flex items-center gap-2 font-display font-bold">
        <Scale aria-hidden="true" className="size-4 text-accent" />
        Fair value
      </h3>
      <dl className="grid grid-cols-2 gap-3">
        <SideRow label="You give" side={give} />
        <SideRow label="You get" side={get} />
      </dl>
      <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-border">
        <div className="bg-accent" style={{ width: `${givePercent}%` }} />
        <div className="flex-1 bg-success" />
      </div>
      <p className="text-sm" aria-live="polite">
        {gapText} {balanceText}
      </p>
      {lopsidedSide ? (
        <p role="status" className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {lopsidedSide === 'me'
            ? `You give up ${percent}% of the value you put in. Check the pairs or ask for cash before you go ahead.`
            : `${partnerName} gives up ${percent}% of the value they put in.`}
        </p>
      ) : null}
    </section>
  );
}
