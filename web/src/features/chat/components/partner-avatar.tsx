import type { ChatPartner } from '@soleswap/contracts/chat';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { partnerName } from '../chat-names';

/** The partner's picture, or their initial; decorative because the name is always beside it. */
export function PartnerAvatar({ partner, className }: { partner: ChatPartner; className?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  const box = cn('flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-raised', className);
  if (partner.profileImageUrl && !hasFailed) {
    return <img src={partner.profileImageUrl} alt="" onError={() => setHasFailed(true)} className={cn(box, 'object-cover')} />;
  }
  return (
    <span aria-hidden="true" className={cn(box, 'font-bold text-accent')}>
      {partnerName(partner).charAt(0).toUpperCase()}
    </span>
  );
}
