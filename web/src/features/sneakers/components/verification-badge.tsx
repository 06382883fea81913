import * as Tooltip from '@radix-ui/react-tooltip';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { BadgeCheck, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatUsd } from '../../../lib/format';
import { scorePercent, verificationBadge, verificationSourceLabel } from '../verification';

type VerificationFields = Pick<Sneaker, 'isVerified' | 'verificationScore' | 'verificationSource' | 'marketPrice'>;

/** What the tooltip says: source, score as a rounded percentage, and the market value when known. */
function tooltipLines(sneaker: VerificationFields): string[] {
  if (!sneaker.isVerified) return ['Not verified yet'];
  const lines = [verificationSourceLabel(sneaker.verificationSource)];
  const percent = scorePercent(sneaker.verificationScore);
  if (percent) lines.push(`Authentication score: ${percent}`);
  if (sneaker.marketPrice) lines.push(`Market value: ${formatUsd(sneaker.marketPrice)}`);
  return lines;
}

/**
 * The card's verification badge (see docs/rules/sneakers.md#verification) with a tooltip. The badge is focusable so
 * keyboard users can open the tooltip too; its accessible name carries the details.
 */
export function VerificationBadge({ sneaker }: { sneaker: VerificationFields }) {
  const { label, variant } = verificationBadge(sneaker);
  const lines = tooltipLines(sneaker);
  const Icon = label === 'Not Verified' ? ShieldQuestion : label === 'Pending' ? ShieldAlert : BadgeCheck;
  // Its own provider: the tooltip code then comes with the cards, not with every page's first script.
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Badge
            variant={variant}
            tabIndex={0}
            aria-label={`${label}. ${lines.join('. ')}`}
            className="shrink-0 cursor-default whitespace-nowrap focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Icon aria-hidden="true" />
            {label}
          </Badge>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-50 max-w-60 rounded-lg border border-border bg-surface-raised px-3 py-2 text-xs text-foreground shadow-xl"
          >
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <Tooltip.Arrow className="fill-surface-raised" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
