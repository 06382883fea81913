import { DISPUTE_NOTE_MAX, DISPUTE_PHOTOS_PER_SIDE, type DisputeEvidence, type Trade } from '@soleswap/contracts/trades';
import { useState, type FormEvent } from 'react';
import { DisputeEvidenceList } from '../../../components/disputes/dispute-evidence-list';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddDisputeEvidence, useDisputeEvidence } from '../api/dispute-evidence';
import { partyName } from '../format-trade';

/**
 * The trade's dispute area (docs/rules/trades.md#dispute-evidence): both sides' notes and photos,
 * and, while the dispute is open, a form for the caller to add theirs for the admin.
 */
export function DisputeEvidenceSection({ trade }: { trade: Trade }) {
  const evidence = useDisputeEvidence(trade.id);
  const myId = trade.myRole === 'proposer' ? trade.proposerId : trade.receiverId;
  const nameOf = (e: DisputeEvidence) => (e.userId === myId ? 'You' : partyName(trade.counterparty));
  const myPhotos = (evidence.data?.items ?? []).filter((e) => e.userId === myId).reduce((n, e) => n + e.photos.length, 0);
  return (
    <section aria-label="Dispute evidence" className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <h4 className="text-xs font-bold tracking-wide text-muted uppercase">Evidence for the admin</h4>
      {evidence.isPending ? (
        <p className="text-sm text-muted">Loading the evidence…</p>
      ) : evidence.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(evidence.error, 'The evidence could not be loaded.')}
        </p>
      ) : (
        <DisputeEvidenceList items={evidence.data.items} nameOf={nameOf} />
      )}
      {trade.status === 'disputed' ? <AddEvidenceForm tradeId={trade.id} photosLeft={Math.max(0, DISPUTE_PHOTOS_PER_SIDE - myPhotos)} /> : null}
    </section>
  );
}

function AddEvidenceForm({ tradeId, photosLeft }: { tradeId: number; photosLeft: number }) {
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const add = useAddDisputeEvidence(tradeId);
  const tooMany = files.length > photosLeft;
  const isEmpty = note.trim() === '' && files.length === 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isEmpty || tooMany) return;
    setError(undefined);
    add.mutate(
      { note, files },
      {
        onSuccess: () => {
          toast({ title: 'Evidence added', description: 'The admin sees it beside the trade’s chat.' });
          setNote('');
          setFiles([]);
          setFormKey((k) => k + 1);
        },
        onError: (failure) => setError(toUserMessage(failure, 'The evidence could not be added')),
      },
    );
  }

  return (
    <form key={formKey} onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Add evidence">
      <Field label="Note (optional)" hint={`Up to ${DISPUTE_NOTE_MAX} characters.`}>
        <textarea
          className="min-h-20 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
          value={note}
          maxLength={DISPUTE_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <Field
        label="Photos (optional)"
        error={tooMany ? `You can attach ${photosLeft} more photo${photosLeft === 1 ? '' : 's'} to this dispute.` : error}
        hint={`JPEG, PNG, WebP, GIF or AVIF; ${photosLeft} of ${DISPUTE_PHOTOS_PER_SIDE} left. Photos are re-encoded and their metadata removed.`}
      >
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          disabled={photosLeft === 0}
          className="text-sm"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={isEmpty || tooMany || add.isPending}>
        {add.isPending ? 'Adding…' : 'Add evidence'}
      </Button>
    </form>
  );
}
