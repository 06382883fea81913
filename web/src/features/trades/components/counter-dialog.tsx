import { CounterTradeSchema, TRADE_MESSAGE_MAX, type Trade } from '@soleswap/contracts/trades';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Repeat2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useCounterTrade } from '../api/counter-trade';
import { useTradableSneakers } from '../api/get-tradable-sneakers';
import { partyName } from '../format-trade';
import { useOfferTerms } from '../hooks/use-offer-terms';
import { useSneakerSelection } from '../hooks/use-sneaker-selection';
import { partyIds, tradePerspective } from '../trade-perspective';
import { toastFailure } from '../trade-toasts';
import { OfferTermsFields } from './offer-terms-fields';
import { FlaggedAcknowledgement } from './flagged-acknowledgement';
import { TradeMessageField } from './trade-message-field';
import { TradeSidesPicker } from './trade-sides-picker';

const listed = (ids: readonly number[], sneakers: Sneaker[] | undefined) => ids.filter((id) => sneakers?.some((s) => s.id === id));

/** The counter-offer form, mounted only while the dialog is open so it loads sneakers on demand. */
function CounterForm({ trade, onDone }: { trade: Trade; onDone: () => void }) {
  const name = partyName(trade.counterparty);
  const { myId, theirId } = partyIds(trade);
  const { me, them } = tradePerspective(trade);
  const mySneakers = useTradableSneakers(myId);
  const theirSneakers = useTradableSneakers(theirId);
  // Start from the offer being answered, so a counter is a small edit rather than a blank page.
  const mine = useSneakerSelection(me.sneakers.map((s) => s.id));
  const theirs = useSneakerSelection(them.sneakers.map((s) => s.id));
  const [message, setMessage] = useState('');
  const myIds = listed(mine.selected, mySneakers.data);
  const theirIds = listed(theirs.selected, theirSneakers.data);
  const terms = useOfferTerms({ receiverId: theirId, mySneakers: mySneakers.data, theirSneakers: theirSneakers.data, myIds, theirIds });
  const { isComplete } = terms;
  const counter = useCounterTrade({
    onSuccess: () => toast({ title: 'Counter-offer Sent', description: `Your counter-offer has been sent to ${name}` }),
    onError: (error) => {
      terms.showServerErrors(error);
      toastFailure('Failed to send counter-offer', error);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete) {
      toast({ title: 'Incomplete Selection', description: 'Please select sneakers from both sides to trade' });
      return;
    }
    const offerTerms = terms.requestTerms();
    if (!offerTerms) return;
    // Sides seen from me, the counter-proposer: my sneakers (and the cash I add) are the new proposer's.
    const parsed = CounterTradeSchema.safeParse({
      ...offerTerms,
      proposerSneakerIds: myIds,
      receiverSneakerIds: theirIds,
      proposerMessage: message.trim() || undefined,
    });
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? 'Failed to send counter-offer', variant: 'destructive' });
      return;
    }
    counter.mutate({ tradeId: trade.id, input: parsed.data }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <TradeSidesPicker
        mine={{
          title: 'You give',
          sneakers: mySneakers.data,
          isLoading: mySneakers.isLoading,
          isError: mySneakers.isError,
          onRetry: mySneakers.refetch,
          selected: myIds,
          onToggle: mine.toggle,
          empty: 'You have no sneakers available for trade.',
        }}
        theirs={{
          title: 'You get',
          sneakers: theirSneakers.data,
          isLoading: theirSneakers.isLoading,
          isError: theirSneakers.isError,
          onRetry: theirSneakers.refetch,
          selected: theirIds,
          onToggle: theirs.toggle,
          empty: `${name} has no sneakers available for trade.`,
        }}
      />
      <TradeMessageField label="Message (optional)" value={message} onChange={setMessage} max={TRADE_MESSAGE_MAX} />
      <OfferTermsFields {...terms.fields} partnerName={name} />
      <FlaggedAcknowledgement {...terms.acknowledgement} />
      <Button type="submit" disabled={!isComplete || terms.needsAcknowledgement || terms.needsShipTo || terms.isCheckingHolds || counter.isPending}>
        {counter.isPending ? 'Sending...' : 'Send counter-offer'}
      </Button>
    </form>
  );
}

/** 'Counter' and its dialog: pick both sides again, as on the proposal page, seen from me. */
export function CounterDialog({ trade, disabled }: { trade: Trade; disabled?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      size="wide"
      title="Make a counter-offer"
      description={`This declines trade #${trade.id} and sends ${partyName(trade.counterparty)} your offer instead.`}
      trigger={
        <Button variant="outline" disabled={disabled}>
          <Repeat2 aria-hidden="true" />
          Counter
        </Button>
      }
    >
      <CounterForm trade={trade} onDone={() => setIsOpen(false)} />
    </Dialog>
  );
}
