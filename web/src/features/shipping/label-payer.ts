import type { LabelPayer } from '@soleswap/contracts/shipping';
import { formatUsd } from '../../lib/format';

/** A label's price as members read it: "$8.40". */
export const labelPrice = (cents: number) => formatUsd(cents / 100);

/** Who pays for the label about to be bought, and how much when the sender does (null: priced at purchase). */
export function payerBeforeBuying(payer: LabelPayer, estimateCents: number | null): string {
  if (payer === 'platform') return 'The platform pays for your label.';
  return estimateCents === null
    ? 'You pay for your label from your wallet; the carrier’s price is taken when you buy it.'
    : `${labelPrice(estimateCents)} from your wallet.`;
}

/** Who pays for labels on a trade about to be accepted (the accept dialog). */
export function payerBeforeAccepting(payer: LabelPayer): string {
  return payer === 'platform'
    ? 'Shipping labels: the platform pays for both labels. Each side prints theirs from this trade once it is accepted.'
    : 'Shipping labels: each side pays for their own label from their wallet when they buy it, once the trade is accepted.';
}
