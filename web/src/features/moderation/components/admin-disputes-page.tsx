import { useState } from 'react';
import type { TradeHistoryEvent } from '@soleswap/contracts/moderation';
import { RETURN_DEADLINE_DAYS, type ResolveOutcome, type Trade, type TradeSneaker } from '@soleswap/contracts/trades';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { DisputeEvidenceList } from '../../../components/disputes/dispute-evidence-list';
import { useAdminDisputes, useDisputeEvidence, useDisputeHistory, useResolveDispute } from '../api/admin-disputes';
import { AdminsOnly, isRefusal } from './admins-only';
import { DisputeChat } from './dispute-chat';
import { HoldAppealsQueue } from './hold-appeals-queue';
import { OverdueReturnsQueue } from './overdue-returns-queue';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

const OUTCOME: Record<ResolveOutcome, { label: string; explain: string }> = {
  completed: { label: 'Complete the swap', explain: 'Escrow is released and each side becomes the owner of the other side’s sneakers.' },
  cancelled: {
    label: 'Cancel and refund',
    explain: `Escrow is refunded: each side keeps their own sneakers. A pair already shipped goes back to its owner: the member holding it is given the address, a packing slip and ${RETURN_DEADLINE_DAYS} days.`,
  },
};

/** Dispute queue (/admin/disputes): each disputed trade with both sides' evidence, its history, its chat and the ruling. */
export function AdminDisputesPage() {
  const list = useAdminDisputes();
  if (isRefusal(list.error)) return <AdminsOnly title="Disputes" what="the dispute queue" />;
  return (
    <Page title="Disputes" description="Disputed trades, oldest first. The sneakers stay in escrow until you rule.">
      {list.isPending ? (
        <PageSpinner label="Loading disputes" />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {toUserMessage(list.error, 'The disputes could not be loaded.')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">No open disputes.</p>
      ) : (
        <ul aria-label="Open disputes" className="flex flex-col gap-4">
          {list.data.map((trade) => (
            <DisputeRow key={trade.id} trade={trade} />
          ))}
        </ul>
      )}
      <HoldAppealsQueue />
      <OverdueReturnsQueue />
    </Page>
  );
}

function DisputeRow({ trade }: { trade: Trade }) {
  const history = useDisputeHistory(trade.id);
  const [ruling, setRuling] = useState<ResolveOutcome | null>(null);
  const proposerName = history.data?.find((e) => e.actorId === trade.proposerId)?.actorName ?? 'Proposer';
  const receiverName = trade.counterparty.username ?? 'Receiver';
  return (
    <li aria-label={`Trade #${trade.id}`}>
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="destructive">Disputed</Badge>
          <span className="font-semibold">Trade #{trade.id}</span>
          <span className="text-muted">since {when(trade.disputedAt)}</span>
        </div>
        <blockquote className="rounded-lg border-l-4 border-destructive bg-surface-raised px-3 py-2 text-sm break-words">
          {trade.disputeReason ?? 'No reason given'}
          <span className="block text-xs text-muted">
            {trade.disputedById === null
              ? 'Opened by the system'
              : trade.disputedById === trade.proposerId
                ? `Opened by ${proposerName}`
                : `Opened by ${receiverName}`}
          </span>
        </blockquote>
        <div className="grid gap-3 sm:grid-cols-2">
          <Side
            title={`${proposerName} (proposer)`}
            sneakers={trade.proposerSneakers}
            shippedAt={trade.proposerShippedAt}
            tracking={trade.proposerTrackingNumber}
            receivedAt={trade.proposerReceivedAt}
          />
          <Side
            title={`${receiverName} (receiver)`}
            sneakers={trade.receiverSneakers}
            shippedAt={trade.receiverShippedAt}
            tracking={trade.receiverTrackingNumber}
            receivedAt={trade.receiverReceivedAt}
          />
        </div>
        <div className="grid gap-3 lg:grid-cols-2">
          <Evidence tradeId={trade.id} names={{ [trade.proposerId]: proposerName, [trade.receiverId]: receiverName }} />
          <DisputeChat tradeId={trade.id} names={{ [trade.proposerId]: proposerName, [trade.receiverId]: receiverName }} />
        </div>
        <History events={history.data} isLoading={history.isPending} />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setRuling('cancelled')}>
            {OUTCOME.cancelled.label}
          </Button>
          <Button onClick={() => setRuling('completed')}>{OUTCOME.completed.label}</Button>
        </div>
        {ruling ? <ConfirmRuling tradeId={trade.id} outcome={ruling} onClose={() => setRuling(null)} /> : null}
      </Card>
    </li>
  );
}

function Side(props: { title: string; sneakers: TradeSneaker[]; shippedAt: string | null; tracking: string | null; receivedAt: string | null }) {
  return (
    <section aria-label={props.title} className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm">
      <h3 className="font-semibold break-words">{props.title}</h3>
      <p className="break-words">Gives: {props.sneakers.map((s) => `${s.name} (${s.size})`).join(', ') || '—'}</p>
      <p>Shipped: {when(props.shippedAt)}</p>
      <p className="break-all">Tracking: {props.tracking ?? '—'}</p>
      <p>Confirmed receipt: {when(props.receivedAt)}</p>
    </section>
  );
}

/** Both sides' notes and photos, beside the chat. */
function Evidence({ tradeId, names }: { tradeId: number; names: Record<string, string> }) {
  const evidence = useDisputeEvidence(tradeId);
  return (
    <section aria-label="Evidence" className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <h3 className="text-sm font-semibold">Evidence</h3>
      {evidence.isPending ? (
        <p className="text-sm text-muted">Loading the evidence…</p>
      ) : evidence.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(evidence.error, 'The evidence could not be loaded.')}
        </p>
      ) : (
        <DisputeEvidenceList items={evidence.data.items} nameOf={(e) => `${names[e.userId] ?? 'A party'} (${e.side})`} />
      )}
    </section>
  );
}

function History({ events, isLoading }: { events: TradeHistoryEvent[] | undefined; isLoading: boolean }) {
  if (isLoading) return <p className="text-sm text-muted">Loading the history…</p>;
  if (!events?.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold">History ({events.length} steps)</summary>
      <ol className="mt-2 flex flex-col gap-1">
        {events.map((e) => (
          <li key={e.id} className="break-words">
            <span className="text-muted">{when(e.createdAt)}</span> · {e.actorName ?? (e.actorId ? 'Member' : 'System')} · {e.action}
            {e.data?.trackingNumber ? ` · tracking ${String(e.data.trackingNumber)}` : ''}
            {e.data?.reason ? ` · “${String(e.data.reason)}”` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ConfirmRuling({ tradeId, outcome, onClose }: { tradeId: number; outcome: ResolveOutcome; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resolve = useResolveDispute();
  const confirm = () =>
    resolve.mutate(
      { tradeId, outcome, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Dispute resolved', description: `Trade #${tradeId}: ${OUTCOME[outcome].label.toLowerCase()}.` });
          onClose();
        },
        onError: (failure) => setError(toUserMessage(failure, 'The dispute could not be resolved')),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`${OUTCOME[outcome].label}?`} description={OUTCOME[outcome].explain}>
      <div className="flex flex-col gap-4">
        <Field label="Note for both members (optional)" hint="Shown on the trade page and in their notice, and kept in the audit log." error={error}>
          <textarea
            className="min-h-20 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Back
          </Button>
          <Button onClick={confirm} disabled={resolve.isPending}>
            Confirm
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
