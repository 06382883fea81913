import { HOLD_APPEAL_NOTE_MAX, type HoldAppeal, type HoldAppealAction } from '@soleswap/contracts/hold-appeals';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { toUserMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useHoldAppeals, useRuleHoldAppeal } from '../api/hold-appeals';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const usd = (cents: number) => formatUsd(cents / 100);

const RULING: Record<HoldAppealAction, { label: string; explain: (a: HoldAppeal) => string }> = {
  reverse: {
    label: 'Reverse the capture',
    explain: (a) =>
      `${usd(a.amountCents)} goes back to ${a.ownerName ?? 'the owner'}'s wallet and is taken back from ${a.otherName ?? 'the other member'}'s balance, at most what it holds; the platform pays the rest. Both members read your note.`,
  },
  uphold: {
    label: 'Uphold the capture',
    explain: (a) => `The hold stays with ${a.otherName ?? 'the other member'}. Both members read your note.`,
  },
};

/**
 * Appeals of captured protection holds (docs/rules/money.md#appealing-a-capture), on the admins'
 * disputes page: each with the trade, the amount, why it was captured and the member's reason, and
 * exactly the rulings its allowedActions offer.
 */
export function HoldAppealsQueue() {
  const appeals = useHoldAppeals();
  return (
    <section aria-labelledby="hold-appeals-title" className="flex flex-col gap-3">
      <h2 id="hold-appeals-title" className="text-lg font-semibold">
        Appeals of captured protection holds
      </h2>
      {appeals.isPending ? (
        <p className="text-sm text-muted">Loading the appeals…</p>
      ) : appeals.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(appeals.error, 'The appeals could not be loaded.')}
        </p>
      ) : appeals.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted">No appeals waiting.</p>
      ) : (
        <ul aria-label="Open appeals" className="flex flex-col gap-3">
          {appeals.data.map((appeal) => (
            <AppealRow key={appeal.id} appeal={appeal} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AppealRow({ appeal }: { appeal: HoldAppeal }) {
  const [ruling, setRuling] = useState<HoldAppealAction | null>(null);
  return (
    <li aria-label={`Appeal on trade #${appeal.tradeId}`}>
      <Card className="flex flex-col gap-2 p-4 text-sm">
        <p className="font-semibold">
          Trade #{appeal.tradeId}: {appeal.ownerName ?? 'A member'}’s {usd(appeal.amountCents)} hold, paid to {appeal.otherName ?? 'a member'}
        </p>
        <p className="text-muted">
          Captured {dateTime.format(new Date(appeal.capturedAt))} because their pair failed authentication; appealed{' '}
          {dateTime.format(new Date(appeal.createdAt))}.
        </p>
        <blockquote className="rounded-lg border-l-4 border-accent bg-surface-raised px-3 py-2 break-words">{appeal.reason}</blockquote>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {appeal.allowedActions.map((action) => (
            <Button key={action} variant={action === 'reverse' ? 'primary' : 'outline'} onClick={() => setRuling(action)}>
              {RULING[action].label}
            </Button>
          ))}
        </div>
        {ruling ? <ConfirmAppealRuling appeal={appeal} action={ruling} onClose={() => setRuling(null)} /> : null}
      </Card>
    </li>
  );
}

function ConfirmAppealRuling({ appeal, action, onClose }: { appeal: HoldAppeal; action: HoldAppealAction; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rule = useRuleHoldAppeal();
  const confirm = () => {
    if (!note.trim()) {
      setError('Write the note both members will read');
      return;
    }
    rule.mutate(
      { appealId: appeal.id, action, note: note.trim() },
      {
        onSuccess: () => {
          toast({
            title: action === 'reverse' ? 'Capture reversed' : 'Capture upheld',
            description: `Trade #${appeal.tradeId}: both members are told.`,
          });
          onClose();
        },
        onError: (failure) => setError(toUserMessage(failure, 'The ruling could not be saved')),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${RULING[action].label}?`}
      description={RULING[action].explain(appeal)}
    >
      <div className="flex flex-col gap-4">
        <Field label="Note for both members" error={error}>
          <textarea
            className="min-h-20 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
            value={note}
            maxLength={HOLD_APPEAL_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Back
          </Button>
          <Button onClick={confirm} disabled={rule.isPending}>
            Confirm
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
