import { useState, type FormEvent } from 'react';
import { forwardSlipPath, type InspectionAction, type InspectionJourney } from '@soleswap/contracts/inspection';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { uploadInspectionPhoto, usePairDestination, usePairStep } from '../api/inspection';
import { ACTION_LABELS } from '../format-inspection';

type Judgement = Extract<InspectionAction, 'pass' | 'fail' | 'quality-issue'>;
const JUDGEMENTS: Judgement[] = ['pass', 'fail', 'quality-issue'];

/** The inspector's buttons for one pair: exactly the actions the server's machine allows now. */
export function PairActions({ pair }: { pair: InspectionJourney }) {
  const step = usePairStep();
  const actions = pair.allowedActions;
  const judgements = JUDGEMENTS.filter((j) => actions.includes(j));
  const run = (action: InspectionAction, body?: Parameters<typeof step.mutate>[0]['body'], onDone?: () => void) =>
    step.mutate(
      { pairId: pair.id, action, body },
      {
        onSuccess: () => {
          toast({ title: `Pair #${pair.id}: ${ACTION_LABELS[action].toLowerCase()} recorded` });
          onDone?.();
        },
        onError: (error) => toast({ title: toUserMessage(error, 'The step could not be recorded'), variant: 'destructive' }),
      },
    );

  if (actions.length === 0) return <p className="text-sm text-muted">Nothing to do on this pair now.</p>;
  return (
    <div className="flex flex-col gap-3">
      {actions.includes('receive') ? (
        <Button className="self-start" disabled={step.isPending} onClick={() => run('receive')}>
          {ACTION_LABELS.receive}
        </Button>
      ) : null}
      {judgements.length ? <VerdictForm pairId={pair.id} judgements={judgements} busy={step.isPending} onJudge={run} /> : null}
      {actions.includes('forward') ? (
        <ForwardForm pairId={pair.id} busy={step.isPending} onForward={(trackingNumber, done) => run('forward', { trackingNumber }, done)} />
      ) : null}
    </div>
  );
}

function VerdictForm({
  pairId,
  judgements,
  busy,
  onJudge,
}: {
  pairId: number;
  judgements: Judgement[];
  busy: boolean;
  onJudge: (action: Judgement, body: { notes: string; photoUrls: string[] }) => void;
}) {
  const [notes, setNotes] = useState('');
  const [photoUrls, setPhotoUrls] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  async function onPhotos(files: FileList | null) {
    if (!files?.length) return;
    setUploading(true);
    try {
      const uploaded = await Promise.all([...files].map((file) => uploadInspectionPhoto(file)));
      setPhotoUrls((urls) => [...urls, ...uploaded.map((u) => u.imageUrl)]);
    } catch (error) {
      toast({ title: toUserMessage(error, 'The photo could not be uploaded'), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <Field label="Inspection notes" hint="What you compared and what you found; both members read it.">
        <textarea
          className="min-h-20 rounded-lg border border-border bg-surface p-2 text-sm"
          value={notes}
          maxLength={1000}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Field>
      <Field label="Inspection photos" hint={photoUrls.length ? `${photoUrls.length} uploaded` : 'Optional, up to 8'}>
        <Input type="file" accept="image/*" multiple disabled={uploading} onChange={(event) => void onPhotos(event.target.files)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        {judgements.map((judgement) => (
          <Button
            key={judgement}
            variant={judgement === 'pass' ? 'primary' : judgement === 'fail' ? 'destructive' : 'outline'}
            disabled={busy || uploading || notes.trim() === ''}
            onClick={() => onJudge(judgement, { notes, photoUrls })}
            aria-label={`${ACTION_LABELS[judgement]} pair #${pairId}`}
          >
            {ACTION_LABELS[judgement]}
          </Button>
        ))}
      </div>
    </form>
  );
}

function ForwardForm({ pairId, busy, onForward }: { pairId: number; busy: boolean; onForward: (trackingNumber: string, done: () => void) => void }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [showAddress, setShowAddress] = useState(false);
  const destination = usePairDestination(pairId, showAddress);
  const address = destination.data?.address;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onForward(trackingNumber, () => setTrackingNumber(''));
      }}
    >
      {showAddress ? (
        destination.isPending ? (
          <p className="text-sm text-muted">Loading the address…</p>
        ) : destination.isError ? (
          <p className="text-sm text-destructive">{toUserMessage(destination.error, 'The address could not be loaded')}</p>
        ) : (
          <div className="text-sm">
            <p className="font-semibold">{destination.data.to === 'owner' ? 'Send it back to its owner:' : 'Send it on to its new owner:'}</p>
            {address ? (
              <>
                <address className="not-italic">
                  {[address.name, address.line1, address.line2, `${address.city} ${address.region ?? ''} ${address.postalCode}`, address.country]
                    .filter(Boolean)
                    .map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
                </address>
                {/* A plain link: the browser opens the PDF (to print it) with the session cookie. */}
                <a
                  href={forwardSlipPath(pairId)}
                  target="_blank"
                  rel="noopener"
                  className="mt-1 inline-block underline"
                  aria-label={`Packing slip for pair #${pairId} (PDF, opens in a new tab)`}
                >
                  Packing slip
                </a>
              </>
            ) : (
              <p className="text-warning">
                {destination.data.to === 'owner' ? 'Its owner' : 'Its new owner'} has not chosen a ship-to address for this trade yet: Forward is
                refused until they choose one on their trade page.
              </p>
            )}
          </div>
        )
      ) : (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setShowAddress(true)}>
          Show the address
        </Button>
      )}
      <Field label="New tracking number">
        <Input value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} placeholder="UPS, USPS or FedEx" />
      </Field>
      <Button type="submit" className="self-start" disabled={busy || trackingNumber.trim() === ''}>
        {ACTION_LABELS.forward}
      </Button>
    </form>
  );
}
