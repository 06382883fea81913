import type { Trade } from '@soleswap/contracts/trades';
import { CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useGiveTradeCard } from '../api/give-trade-card';
import { partyName } from '../format-trade';
import { EMPTY_CARD, cashErrorsFromServer, checkCashCard, type CardErrors } from '../trade-cash-form';
import { partyIds } from '../trade-perspective';
import { toastFailure } from '../trade-toasts';
import { CashCardFields } from './cash-card-fields';

/** My pending proposal puts money on my card at acceptance: my cash, or my protection hold. */
export function proposerPays(trade: Trade): boolean {
  if (trade.myRole !== 'proposer' || trade.status !== 'pending') return false;
  const { myId } = partyIds(trade);
  return trade.cash?.payerId === myId || trade.protectionHolds.some((hold) => hold.side === 'proposer');
}

/**
 * The proposer's way to give another card for a pending trade (issue #42): when the card given with
 * the proposal is declined as the other member accepts, the proposer is notified with a link here.
 * Nothing is held until the other member accepts again.
 */
export function GiveCardDialog({ trade }: { trade: Trade }) {
  const [isOpen, setIsOpen] = useState(false);
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const give = useGiveTradeCard({
    onSuccess: () => toast({ title: 'Card updated', description: `${partyName(trade.counterparty)} can accept the trade again.` }),
    onError: (error) => {
      if (error instanceof ApiError) setErrors(cashErrorsFromServer(error.fields) ?? {});
      toastFailure('Your card could not be saved', error);
    },
  });
  if (!proposerPays(trade)) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkCashCard(card);
    setErrors(checked.errors ?? {});
    if (!checked.card) return;
    give.mutate({ tradeId: trade.id, input: { cashCard: checked.card } }, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title="Give another card"
      description={`Your card is held when ${partyName(trade.counterparty)} accepts. If the card you gave was declined, give another one here; nothing is held until they accept again.`}
      trigger={
        <Button variant="outline" size="sm" className="self-start">
          <CreditCard aria-hidden="true" />
          Give another card
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <CashCardFields legend="Your card" value={card} onChange={setCard} errors={errors} />
        <Button type="submit" disabled={give.isPending}>
          {give.isPending ? 'Saving…' : 'Save card'}
        </Button>
      </form>
    </Dialog>
  );
}
