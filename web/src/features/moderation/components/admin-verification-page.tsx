import { useState } from 'react';
import type { FlaggedPair } from '@soleswap/contracts/verification';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { SneakerImage } from '../../../components/ui/sneaker-image';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFlaggedPairs, useReviewFlag } from '../api/admin-verification';
import { AdminsOnly, isRefusal } from './admins-only';
import { PhotoMatchView } from './photo-match-view';

/**
 * The review queue (/admin/verification): each pair the verifier flagged, its photo beside the
 * release it was matched with, the failed and passed checks with their evidence, and the two
 * rulings: confirm (the listing is hidden from trading) or clear with a note.
 */
export function AdminVerificationPage() {
  const list = useFlaggedPairs();
  if (isRefusal(list.error)) return <AdminsOnly title="Verification review" what="the review queue" />;
  return (
    <Page title="Verification review" description="Pairs the verifier flagged, appeals first, then the oldest verdict first.">
      {list.isPending ? (
        <PageSpinner label="Loading flagged pairs" />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {toUserMessage(list.error, 'The review queue could not be loaded.')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">No flagged pair is waiting for review.</p>
      ) : (
        <ul aria-label="Flagged pairs" className="flex flex-col gap-4">
          {list.data.map((pair) => (
            <FlaggedRow key={pair.sneaker.id} pair={pair} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function FlaggedRow({ pair }: { pair: FlaggedPair }) {
  const { sneaker, release } = pair;
  const [note, setNote] = useState('');
  const review = useReviewFlag();
  const decide = (decision: 'confirm' | 'clear') =>
    review.mutate(
      { sneakerId: sneaker.id, decision, note: note.trim() },
      {
        onSuccess: () => toast({ title: decision === 'confirm' ? 'Flag confirmed' : 'Flag cleared', description: sneaker.name }),
        onError: (error) => toast({ title: 'Review failed', description: toUserMessage(error, 'Please try again'), variant: 'destructive' }),
      },
    );
  return (
    <li aria-label={sneaker.name}>
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{sneaker.name}</span>
          <VerdictBadge verdict={pair.verdict} />
          {pair.appealedAt ? <Badge variant="warning">Appealed by the owner</Badge> : null}
          {pair.review === 'confirmed' ? <Badge variant="outline">Confirmed earlier{pair.reviewNote ? `: ${pair.reviewNote}` : ''}</Badge> : null}
          <span className="text-sm text-muted">@{sneaker.owner.username ?? sneaker.owner.id.slice(0, 8)}</span>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <figure className="flex flex-col gap-1">
            <SneakerImage src={sneaker.imageUrl} alt={`Listing photo of ${sneaker.name}`} className="aspect-square rounded-xl" />
            <figcaption className="text-xs text-muted">
              Listing: {sneaker.brand} {sneaker.model}
              {sneaker.colorway ? ` · ${sneaker.colorway}` : ''} · style code {sneaker.styleCode ?? 'none'} · size {sneaker.size} · condition{' '}
              {sneaker.condition}
            </figcaption>
          </figure>
          <figure className="flex flex-col gap-1">
            {release ? (
              <>
                <SneakerImage src={release.imageUrl} alt={`Catalogue release ${release.name}`} className="aspect-square rounded-xl" />
                <figcaption className="text-xs text-muted">
                  Matched release: {release.name} · {release.colorway} · style code {release.styleCode}
                </figcaption>
              </>
            ) : (
              <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">Not matched to a catalogue release.</p>
            )}
          </figure>
        </div>
        <ul aria-label="Checks" className="flex flex-col gap-1 text-sm">
          {pair.checks.map((check) => (
            <li key={check.name}>
              <span className={check.passed ? 'text-success' : 'font-semibold text-destructive'}>
                {check.label}: {check.passed ? 'Passed' : 'Failed'}
                {check.critical ? ' (critical)' : ''}
              </span>{' '}
              <span className="text-muted">
                {check.evidence.summary} Observed {check.evidence.observed}; expected {check.evidence.expected}.
              </span>
              {check.evidence.photoMatch ? <PhotoMatchView match={check.evidence.photoMatch} /> : null}
            </li>
          ))}
        </ul>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Note (required to clear)
          <textarea
            className="min-h-16 rounded-lg border border-border bg-surface p-2 font-normal"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" disabled={review.isPending} onClick={() => decide('confirm')}>
            Confirm flag and hide listing
          </Button>
          <Button variant="outline" disabled={review.isPending || note.trim() === ''} onClick={() => decide('clear')}>
            Clear flag
          </Button>
        </div>
      </Card>
    </li>
  );
}
