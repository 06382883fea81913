import type { Trade, TradeSneaker } from '@soleswap/contracts/trades';
import { ArrowLeftRight } from 'lucide-react';
import { pairValueCents, pairsValueCents } from '@soleswap/contracts/pair-value';
import { formatUsd } from '../../../lib/format';
import { tradePerspective, type TradeSide } from '../trade-perspective';
import { SneakerThumb } from './sneaker-thumb';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';

function SneakerRow({ sneaker }: { sneaker: TradeSneaker }) {
  return (
    <li className="flex items-center gap-3">
      <SneakerThumb sneaker={sneaker} className="size-12" />
      <div className="flex min-w-0 flex-col">
        <span className="line-clamp-1 text-sm font-semibold">{sneaker.name}</span>
        <span className="text-xs text-muted">
          Size {sneaker.size} · {formatUsd(pairValueCents(sneaker) / 100)}
        </span>
        <VerdictBadge verdict={sneaker.verdict} className="mt-1" />
      </div>
    </li>
  );
}

function SideList({ label, side }: { label: string; side: TradeSide }) {
  // Each pair at the one valuation (contracts/src/pair-value.ts), the value the meter and the hold use.
  const total = pairsValueCents(side.sneakers) / 100;
  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-2 rounded-xl bg-background/40 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-xs font-bold tracking-wide text-muted uppercase">{label}</h3>
        <span className="text-xs text-muted">{formatUsd(total)}</span>
      </div>
      <ul className="flex flex-col gap-2">
        {side.sneakers.map((sneaker) => (
          <SneakerRow key={sneaker.id} sneaker={sneaker} />
        ))}
      </ul>
      {side.missingCount > 0 ? (
        <p className="text-xs text-warning">
          {side.missingCount === 1 ? '1 sneaker was' : `${side.missingCount} sneakers were`} removed by its owner.
        </p>
      ) : null}
    </section>
  );
}

/** Both sides of the trade seen from the caller: 'You give' and 'You get'. */
export function TradeSides({ trade }: { trade: Trade }) {
  const { me, them } = tradePerspective(trade);
  return (
    <div className="grid grid-cols-1 items-center gap-2 sm:grid-cols-[1fr_auto_1fr]">
      <SideList label="You give" side={me} />
      <ArrowLeftRight className="mx-auto size-4 rotate-90 text-muted sm:rotate-0" aria-hidden="true" />
      <SideList label="You get" side={them} />
    </div>
  );
}
