import { useState } from 'react';
import type { InspectionQueueItem, InspectionStatus } from '@soleswap/contracts/inspection';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { useInspectionQueue } from '../api/inspection';
import { headingText, STATUS_LABELS, when } from '../format-inspection';
import { PairActions } from './pair-actions';

const TABS: InspectionStatus[] = ['awaiting_arrival', 'received', 'quality_issue', 'passed', 'failed', 'forwarded'];

/** The inspection queue (/inspection): the centre's pairs by status, each beside its listing's photos and the verifier's evidence. */
export function InspectionQueuePage() {
  const [status, setStatus] = useState<InspectionStatus>('awaiting_arrival');
  const queue = useInspectionQueue(status);
  if (queue.error instanceof ApiError && (queue.error.status === 401 || queue.error.status === 403)) {
    return (
      <Page title="Inspection queue">
        <Card role="alert" className="p-10 text-center">
          <h2 className="font-display text-xl font-extrabold">Inspectors only</h2>
          <p className="text-muted">Log in with an inspector account to work the authentication centre’s queue.</p>
        </Card>
      </Page>
    );
  }
  return (
    <Page title="Inspection queue" description="Pairs at the authentication centre, oldest first. Compare each with its listing before you judge it.">
      <Tabs value={status} onValueChange={(value) => setStatus(value as InspectionStatus)}>
        <TabsList aria-label="Pair status" className="flex-wrap">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {STATUS_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mt-4">
        {queue.isPending ? (
          <PageSpinner label="Loading the queue" />
        ) : queue.isError ? (
          <LoadError message={toUserMessage(queue.error, 'The queue could not be loaded')} onRetry={() => queue.refetch()} />
        ) : queue.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
            No pairs are {STATUS_LABELS[status].toLowerCase()}.
          </p>
        ) : (
          <ul aria-label="Pairs" className="flex flex-col gap-4">
            {queue.data.items.map((item) => (
              <QueueItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}

function QueueItem({ item }: { item: InspectionQueueItem }) {
  return (
    <li aria-label={`Pair #${item.id}`}>
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="accent">{STATUS_LABELS[item.status]}</Badge>
          <span className="font-semibold">
            Pair #{item.id} · trade #{item.tradeId} ({item.side}’s side)
          </span>
          <span className="text-muted">opened {when(item.createdAt)}</span>
          {item.inboundTracking ? (
            <a className="underline" href={item.inboundTracking.url} target="_blank" rel="noreferrer">
              Inbound {item.inboundTracking.carrierName} {item.inboundTracking.trackingNumber}
            </a>
          ) : (
            <span className="text-muted">Not shipped yet</span>
          )}
        </div>
        {item.sneakers.map((sneaker) => (
          <section key={sneaker.id} aria-label={`Listing: ${sneaker.name}`} className="flex flex-col gap-2 rounded-xl border border-border p-3">
            <h3 className="font-semibold">
              {sneaker.brand} {sneaker.name} · size {sneaker.size} · condition {sneaker.condition}
              {sneaker.styleCode ? ` · ${sneaker.styleCode}` : ''}
            </h3>
            <div className="flex flex-wrap gap-2">
              {(sneaker.photos ?? []).map((photo) => (
                <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl}
                    alt={`${sneaker.name}: ${photo.slot.replace('_', ' ')}`}
                    className="size-20 rounded-lg object-cover"
                  />
                </a>
              ))}
              {(sneaker.photos ?? []).length === 0 ? <p className="text-sm text-muted">The listing has no photos.</p> : null}
            </div>
            {sneaker.verificationChecks ? (
              <ul aria-label="The verifier’s evidence" className="text-sm">
                {sneaker.verificationChecks.map((check) => (
                  <li key={check.name}>
                    <span className={check.passed ? 'text-success' : 'text-destructive'}>{check.passed ? 'Passed' : 'Failed'}</span> {check.label}:{' '}
                    {check.evidence.summary}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Never verified.</p>
            )}
          </section>
        ))}
        {item.notes ? <p className="text-sm break-words">Notes: {item.notes}</p> : null}
        <PairHeadingNote item={item} />
        <PairActions pair={item} />
      </Card>
    </li>
  );
}

/** Where the pair goes, and whether that member chose a ship-to yet. */
function PairHeadingNote({ item }: { item: InspectionQueueItem }) {
  const { text, warning } = headingText(item);
  return (
    <div aria-label="Destination" className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-semibold">Destination: </span>
        {text}
      </p>
      {warning ? <p className="text-warning">{warning}</p> : null}
    </div>
  );
}
