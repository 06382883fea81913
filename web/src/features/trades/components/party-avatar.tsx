import type { TradeCounterparty } from '@soleswap/contracts/trades';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { partyName } from '../format-trade';

/** The counterparty's picture, or their initial; decorative because the name is always beside it. */
export function PartyAvatar({ party, className }: { party: TradeCounterparty; className?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  const box = cn('flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-raised', className);
  if (party.profileImageUrl && !hasFailed) {
    return <img src={party.profileImageUrl} alt="" onError={() => setHasFailed(true)} className={cn(box, 'object-cover')} />;
  }
  return (
    <span aria-hidden="true" className={cn(box, 'font-bold text-accent')}>
      {partyName(party).charAt(0).toUpperCase()}
    </span>
  );
}
