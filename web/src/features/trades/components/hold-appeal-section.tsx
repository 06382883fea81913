import { HOLD_APPEAL_DAYS, HOLD_APPEAL_REASON_MAX, type HoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { Trade } from '@soleswap/contracts/trades';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toUserMessage } from '../../../lib/api-client';
import { formatUsd, formatUtcDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFileHoldAppeal, useTradeHoldAppeal } from '../api/hold-appeal';
import { partyName } from '../format-trade';

const usd = (cents: number) => formatUsd(cents / 100);

/** Where an appeal stands, in the words the member it concerns reads. */
function appealStanding(appeal: HoldAppeal, isOwner: boolean, other: string): string {
  switch (appeal.status) {
    case 'open':
      return isOwner
        ? `You appealed the capture of your ${usd(appeal.amountCents)} hold. An admin will rule, and you will be told.`
        : `${other} appealed the capture of their ${usd(appeal.amountCents)} hold paid to you. An admin will rule, and you will be told.`;
    case 'reversed':
      return isOwner
        ? `Appeal granted: your ${usd(appeal.amountCents)} hold is back in your wallet.`
        : `Appeal granted: ${other}'s ${usd(appeal.amountCents)} hold went back to them and was taken back from your wallet.`;
    case 'upheld':
      return isOwner
        ? `Appeal turned down: your ${usd(appeal.amountCents)} hold stays with ${other}.`
        : `Appeal turned down: ${other}'s ${usd(appeal.amountCents)} hold stays in your wallet.`;
  }
}

/**
 * The appeal of a protection hold captured on this trade (docs/rules/money.md#appealing-a-capture):
 * the member whose pair failed authentication may appeal within HOLD_APPEAL_DAYS; both members see
 * where it stands and the admin's note. Shown only on a trade with a captured hold.
 */
export function HoldAppealSection({ trade }: { trade: Trade }) {
  const hasCapture = trade.protectionHolds.some((hold) => hold.status === 'captured');
  const standing = useTradeHoldAppeal(trade.id, { enabled: hasCapture });
  if (!hasCapture || !standing.data) return null;
  const { appeal, canAppeal, appealBy } = standing.data;
  if (!appeal && !appealBy) return null;
  const other = partyName(trade.counterparty);
  const myId = trade.myRole === 'proposer' ? trade.proposerId : trade.receiverId;
  return (
    <section aria-label="Appeal of the protection hold" className="flex flex-col gap-2 rounded-xl border border-border p-3 text-sm">
      <h4 className="text-xs font-bold tracking-wide text-muted uppercase">Appeal of the protection hold</h4>
      {appeal ? (
        <>
          <p>{appealStanding(appeal, appeal.ownerId === myId, other)}</p>
          {appeal.ruling ? (
            <blockquote className="rounded-lg border-l-4 border-accent bg-surface-raised px-3 py-2 break-words">
              <span className="block text-xs text-muted">Admin’s note, {formatUtcDate(new Date(appeal.ruling.at))}</span>
              {appeal.ruling.note}
            </blockquote>
          ) : null}
        </>
      ) : canAppeal && appealBy ? (
        <AppealForm tradeId={trade.id} appealBy={appealBy} />
      ) : appealBy ? (
        <p className="text-muted">
          The {HOLD_APPEAL_DAYS} days to appeal this hold ended on {formatUtcDate(new Date(appealBy))}.
        </p>
      ) : null}
    </section>
  );
}

function AppealForm({ tradeId, appealBy }: { tradeId: number; appealBy: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const file = useFileHoldAppeal(tradeId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the hold should be given back');
      return;
    }
    setError(undefined);
    file.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => toast({ title: 'Appeal sent', description: 'An admin reviews it; you will be told of the ruling.' }),
        onError: (failure) => setError(toUserMessage(failure, 'The appeal could not be sent')),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label="Appeal the protection hold" className="flex flex-col gap-2">
      <p>
        Your pair failed authentication, so your protection hold was paid to the other member. If you think the centre got it wrong, ask an admin to
        give it back until {formatUtcDate(new Date(appealBy))}.
      </p>
      <Field label="Why the hold should be given back" error={error} hint={`Up to ${HOLD_APPEAL_REASON_MAX} characters.`}>
        <textarea
          className="min-h-20 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
          value={reason}
          maxLength={HOLD_APPEAL_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={file.isPending} className="self-end">
        {file.isPending ? 'Sending…' : 'Appeal the hold'}
      </Button>
    </form>
  );
}
