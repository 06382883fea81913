import { useState, type FormEvent } from 'react';
import { ADMIN_NOTE_MAX, ResolveReportSchema, type AdminReport, type ModeratedMember, type ReportAction } from '@soleswap/contracts/moderation';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAdminReports, useResolveReport } from '../api/admin-reports';
import { AdminsOnly, isRefusal } from './admins-only';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const TEXTAREA =
  'min-h-20 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 aria-invalid:border-destructive';

const KIND_LABEL: Record<AdminReport['kind'], string> = { member: 'Member', listing: 'Listing', message: 'Message' };

const DONE: Record<ReportAction, string> = {
  dismiss: 'Report dismissed',
  'hide-listing': 'Listing hidden',
  'suspend-member': 'Member suspended',
};

export const memberName = (m: Pick<ModeratedMember, 'username' | 'firstName' | 'lastName'> | null) =>
  m ? (m.username ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || 'Unnamed member')) : 'Deleted member';

/** Moderation queue (/admin/reports): open reports, oldest first, each with its content and actions. */
export function AdminReportsPage() {
  const list = useAdminReports();
  if (isRefusal(list.error)) return <AdminsOnly title="Reports" what="the moderation queue" />;
  const reports = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Page title="Reports" description="Open reports from members, oldest first.">
      {list.isPending ? (
        <PageSpinner label="Loading reports" />
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {toUserMessage(list.error, 'The reports could not be loaded.')}
        </p>
      ) : reports.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          No open reports. Everything reported has been handled.
        </p>
      ) : (
        <ul aria-label="Open reports" className="flex flex-col gap-4">
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </Page>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resolve = useResolveReport();
  const suspended = Boolean(report.reportedMember?.suspendedAt);

  function act(action: ReportAction) {
    const parsed = ResolveReportSchema.safeParse({ action, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    resolve.mutate(
      { id: report.id, ...parsed.data },
      {
        onSuccess: () => toast({ title: DONE[action], description: `Report #${report.id} is resolved.` }),
        onError: (failure) => setError(toUserMessage(failure, 'The report could not be resolved')),
      },
    );
  }
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <li aria-label={`Report #${report.id}`}>
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="warning">{KIND_LABEL[report.kind]}</Badge>
          <span className="font-semibold">Report #{report.id}</span>
          <span className="text-muted">
            by {memberName(report.reporter)} · <time dateTime={report.createdAt}>{dateTime.format(new Date(report.createdAt))}</time>
          </span>
        </div>
        <blockquote className="rounded-lg border-l-4 border-warning bg-surface-raised px-3 py-2 text-sm break-words">{report.reason}</blockquote>
        <ReportedContent report={report} />
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <Field label="Note for the audit log" error={error} hint={`${note.trim().length}/${ADMIN_NOTE_MAX}`}>
            <textarea className={TEXTAREA} value={note} maxLength={ADMIN_NOTE_MAX + 50} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={resolve.isPending} onClick={() => act('dismiss')}>
              Dismiss
            </Button>
            {report.kind === 'listing' && report.listing?.isAvailableForTrade ? (
              <Button type="button" variant="secondary" disabled={resolve.isPending} onClick={() => act('hide-listing')}>
                Hide listing
              </Button>
            ) : null}
            {report.reportedMember && !suspended ? (
              <Button type="button" variant="destructive" disabled={resolve.isPending} onClick={() => act('suspend-member')}>
                Suspend member
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
    </li>
  );
}

function ReportedContent({ report }: { report: AdminReport }) {
  const member = report.reportedMember;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-3 text-sm">
      {report.kind === 'listing' ? (
        report.listing ? (
          <div className="flex items-center gap-3">
            {report.listing.thumbnailUrl || report.listing.imageUrl ? (
              <img
                src={report.listing.thumbnailUrl ?? report.listing.imageUrl ?? undefined}
                alt={report.listing.name}
                className="size-16 shrink-0 rounded-md object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <a href={`/sneakers/${report.listing.id}`} className="font-semibold break-words underline-offset-2 hover:underline">
                {report.listing.name}
              </a>
              <p className="text-muted">
                {report.listing.brand} · {report.listing.isAvailableForTrade ? 'Listed' : 'Hidden'}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-muted">The listing has been deleted.</p>
        )
      ) : null}
      {report.kind === 'message' ? (
        report.message ? (
          <ol aria-label="Chat around the message" className="flex flex-col gap-1">
            {report.message.context.map((m) => {
              const isReported = m.id === report.message!.reported.id;
              return (
                <li
                  key={m.id}
                  aria-current={isReported ? 'true' : undefined}
                  className={isReported ? 'rounded-md bg-destructive/10 px-2 py-1 font-semibold' : 'px-2 py-1'}
                >
                  <span className="text-muted">{m.senderName ?? 'Member'}:</span> <span className="break-words">{m.content}</span>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-muted">The message has been deleted.</p>
        )
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">{report.kind === 'member' ? 'Reported member:' : report.kind === 'listing' ? 'Owner:' : 'Sender:'}</span>
        {member ? (
          <>
            <a href={`/profile/${member.id}`} className="font-semibold underline-offset-2 hover:underline">
              {memberName(member)}
            </a>
            <span className="text-muted">
              · {member.totalTrades} trades · reputation {member.reputation} · joined {dateTime.format(new Date(member.createdAt))}
            </span>
            {member.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
          </>
        ) : (
          <span>Deleted member</span>
        )}
      </div>
    </div>
  );
}
