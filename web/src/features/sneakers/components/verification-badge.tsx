import * as Tooltip from '@radix-ui/react-tooltip';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { VERDICT_STALE_DAYS } from '@soleswap/contracts/verification-values';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { formatUsd } from '../../../lib/format';
import { verificationSourceLabel } from '../verification';

type VerificationFields = Pick<Sneaker, 'verdict' | 'verificationSource' | 'marketPrice'>;

/** What the tooltip adds to the verdict: who verified it, whether it is stale, and the market value when known. */
function tooltipLines(sneaker: VerificationFields): string[] {
  const { verdict } = sneaker;
  if (verdict.date === null) return [verdict.status === 'not_verified' ? 'Not verified yet' : verdict.label];
  const lines = [
    verdict.status === 'flagged' ? 'The latest verification found problems with this pair' : verificationSourceLabel(sneaker.verificationSource),
  ];
  if (verdict.isStale) lines.push(`Checked more than ${VERDICT_STALE_DAYS} days ago`);
  if (sneaker.marketPrice) lines.push(`Market value: ${formatUsd(sneaker.marketPrice)}`);
  return lines;
}

/**
 * The card's verdict (see docs/rules/sneakers.md#verification): the API's `verdict` with its score
 * and date, and a tooltip. The badge is focusable so keyboard users can open the tooltip too.
 */
export function VerificationBadge({ sneaker }: { sneaker: VerificationFields }) {
  const lines = tooltipLines(sneaker);
  // Its own provider: the tooltip code then comes with the cards, not with every page's first script.
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <VerdictBadge
            verdict={sneaker.verdict}
            tabIndex={0}
            className="cursor-default justify-end rounded-md focus-visible:outline-2 focus-visible:outline-accent"
          />
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
