import type { PaymentsConfig } from '@soleswap/contracts/payments';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

/** Says plainly that no real money moves, and which cards to type. */
export function TestModeHint({ config, tone = 'default' }: { config: PaymentsConfig; tone?: 'default' | 'dark' }) {
  return (
    <div
      className={cn('rounded-xl border border-dashed p-3 text-sm', tone === 'dark' ? 'border-white/20 text-white/80' : 'border-border text-muted')}
    >
      <p className="mb-2 flex items-center gap-2">
        <Badge variant="warning">Test mode</Badge>
        <span>No real card is charged. Use a test card, any future expiry date and any CVC.</span>
      </p>
      {config.testCards.length ? (
        <ul className="flex flex-col gap-0.5">
          {config.testCards.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span>: {card.outcome}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
