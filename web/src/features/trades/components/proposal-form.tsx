import type { Sneaker } from '@soleswap/contracts/sneakers';
import { CreateTradeSchema, TRADE_MESSAGE_MAX } from '@soleswap/contracts/trades';
import type { User } from '@soleswap/contracts/users';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/user';
import { toast } from '../../../lib/toast';
import { useCreateTrade } from '../api/create-trade';
import { useTradableSneakers } from '../api/get-tradable-sneakers';
import { partyName } from '../format-trade';
import { useOfferTerms } from '../hooks/use-offer-terms';
import { useSneakerSelection } from '../hooks/use-sneaker-selection';
import { toastFailure } from '../trade-toasts';
import { OfferTermsFields } from './offer-terms-fields';
import { FlaggedAcknowledgement } from './flagged-acknowledgement';
import { TradeMessageField } from './trade-message-field';
import { TradeSidesPicker } from './trade-sides-picker';

interface ProposalFormProps {
  me: User;
  ownerId: string;
  /** The sneaker to preselect on the owner's side, if it is still tradable. */
  targetId: number | null;
  /** The caller's own sneaker to preselect (a match's suggestion), if it is still tradable. */
  offerId?: number | null;
}

/** Only ids still listed count: a sneaker locked elsewhere since the click drops out. */
const listed = (ids: readonly number[], sneakers: Sneaker[] | undefined) => ids.filter((id) => sneakers?.some((s) => s.id === id));

/** The proposal itself: both columns, the message and 'Send Trade Proposal'. */
export function ProposalForm({ me, ownerId, targetId, offerId = null }: ProposalFormProps) {
  const [, navigate] = useLocation();
  const partner = useUser(ownerId);
  const mySneakers = useTradableSneakers(me.id);
  const theirSneakers = useTradableSneakers(ownerId);
  const isTargetListed = targetId !== null && listed([targetId], theirSneakers.data).length > 0;
  const isOfferListed = offerId !== null && listed([offerId], mySneakers.data).length > 0;
  const mine = useSneakerSelection(isOfferListed ? [offerId] : []);
  const theirs = useSneakerSelection(isTargetListed ? [targetId] : []);
  const [message, setMessage] = useState('');
  const myIds = listed(mine.selected, mySneakers.data);
  const theirIds = listed(theirs.selected, theirSneakers.data);
  const terms = useOfferTerms({ receiverId: ownerId, mySneakers: mySneakers.data, theirSneakers: theirSneakers.data, myIds, theirIds });
  const { isComplete } = terms;
  const create = useCreateTrade({
    onSuccess: () => {
      toast({ title: 'Trade Proposal Created', description: 'Your trade proposal has been sent successfully!' });
      navigate('/trades');
    },
    onError: (error) => {
      terms.showServerErrors(error);
      toastFailure('Failed to create trade proposal', error);
    },
  });

  if (partner.error instanceof ApiError && partner.error.status === 404) {
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 className="font-display text-xl font-extrabold">User not found</h2>
        <p className="text-muted">This trader's account doesn't exist any more.</p>
        <Link href="/browse" className={buttonClasses({ variant: 'outline' })}>
          Browse sneakers
        </Link>
      </Card>
    );
  }

  const partnerName = partner.data ? partyName(partner.data) : 'the owner';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!isComplete) {
      toast({ title: 'Incomplete Selection', description: 'Please select sneakers from both sides to trade' });
      return;
    }
    const offerTerms = terms.requestTerms();
    if (!offerTerms) return;
    const parsed = CreateTradeSchema.safeParse({
      ...offerTerms,
      receiverId: ownerId,
      proposerSneakerIds: myIds,
      receiverSneakerIds: theirIds,
      proposerMessage: message.trim() || undefined,
    });
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? 'Failed to create trade proposal', variant: 'destructive' });
      return;
    }
    create.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Trade proposal">
      {targetId !== null && theirSneakers.isSuccess && !isTargetListed ? (
        <p role="status" className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
          The sneaker you picked is no longer available for trade. Choose another one below.
        </p>
      ) : null}
      <TradeSidesPicker
        mine={{
          title: 'Your sneakers',
          sneakers: mySneakers.data,
          isLoading: mySneakers.isLoading,
          isError: mySneakers.isError,
          onRetry: mySneakers.refetch,
          selected: myIds,
          onToggle: mine.toggle,
          empty: (
            <>
              You have no sneakers available for trade.{' '}
              <Link href="/locker" className="font-semibold text-accent underline-offset-2 hover:underline">
                Add some to your locker
              </Link>
              .
            </>
          ),
        }}
        theirs={{
          title: partner.data ? `${partnerName}'s sneakers` : 'Their sneakers',
          sneakers: theirSneakers.data,
          isLoading: theirSneakers.isLoading,
          isError: theirSneakers.isError,
          onRetry: theirSneakers.refetch,
          selected: theirIds,
          onToggle: theirs.toggle,
          empty: <>{partner.data ? partnerName : 'This trader'} has no sneakers available for trade right now.</>,
        }}
      />
      <TradeMessageField
        label="Message (optional)"
        value={message}
        onChange={setMessage}
        max={TRADE_MESSAGE_MAX}
        placeholder={`Say hello to ${partnerName} or explain your offer`}
      />
      <OfferTermsFields {...terms.fields} partnerName={partnerName} />
      <FlaggedAcknowledgement {...terms.acknowledgement} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted" aria-live="polite">
          You give {myIds.length} · You get {theirIds.length}. Nothing is locked until {partnerName} accepts.
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={!isComplete || terms.needsAcknowledgement || terms.needsShipTo || terms.isCheckingHolds || create.isPending}
          className="w-full sm:w-auto"
        >
          <Send aria-hidden="true" />
          {create.isPending ? 'Creating Trade...' : 'Send Trade Proposal'}
        </Button>
      </div>
    </form>
  );
}
