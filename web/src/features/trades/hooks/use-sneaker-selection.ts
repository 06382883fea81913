import { MAX_SNEAKERS_PER_SIDE } from '@soleswap/contracts/trades';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { toggleSneaker } from '../sneaker-selection';

/**
 * One side's selection. Until the person clicks, it is `initial` (the `target` of a
 * proposal, or the sneakers of the trade being countered), which may arrive after the
 * first render once the sneakers load.
 */
export function useSneakerSelection(initial: readonly number[]) {
  const [picked, setPicked] = useState<number[] | null>(null);
  const selected = picked ?? [...initial];

  function toggle(id: number) {
    const result = toggleSneaker(selected, id);
    if (result.isOverLimit) {
      toast({
        title: 'Selection Limit',
        description: `You can select at most ${MAX_SNEAKERS_PER_SIDE} sneakers on each side`,
      });
      return;
    }
    setPicked(result.selected);
  }

  return { selected, toggle };
}
