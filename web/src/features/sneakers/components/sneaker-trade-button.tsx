import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Repeat2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { tradeCreatePath } from '../sneaker-display';

interface SneakerTradeButtonProps {
  sneaker: Pick<Sneaker, 'id' | 'userId' | 'name' | 'isAvailableForTrade' | 'isLocked'>;
  /** The signed-in member's id; null for a visitor. */
  viewerId: string | null;
}

/**
 * Trade from a card (see docs/web-client.md#cards-and-small-behaviours): opens the proposal page with this sneaker and its
 * owner preselected. Visitors must log in and owners cannot trade with themselves.
 * Hidden sneakers, and sneakers already locked in a trade, cannot be offered.
 */
export function SneakerTradeButton({ sneaker, viewerId }: SneakerTradeButtonProps) {
  const [, navigate] = useLocation();
  const isTradable = sneaker.isAvailableForTrade && !sneaker.isLocked;

  function onTrade() {
    if (!viewerId) {
      toast({ title: 'Authentication Required', description: 'Please log in to create trade proposals', variant: 'destructive' });
      return;
    }
    if (viewerId === sneaker.userId) {
      toast({ title: 'Cannot Trade', description: 'You cannot trade with yourself', variant: 'destructive' });
      return;
    }
    navigate(tradeCreatePath(sneaker));
  }

  return (
    <Button size="sm" className="flex-1" disabled={!isTradable} onClick={onTrade}>
      <Repeat2 aria-hidden="true" />
      Trade
    </Button>
  );
}
