import { AtSign, CalendarDays, Download, Mail, ShieldAlert, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { EarlySignup } from '@soleswap/contracts/early-signups';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { SearchField } from '../../../components/ui/search-field';
import { PageSpinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { SIGNUPS_CSV_PATH, useAdminSignups, useMarkSignupNotified, useSignupSummary } from '../api/admin-signups';
import { useDebouncedValue } from '../hooks/use-debounced-value';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** Early-signup admin (/admin/signups): open to every route, the list for admins only. */
export function AdminSignupsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const list = useAdminSignups(q);
  const summary = useSignupSummary();
  const refused = isRefusal(list.error) || isRefusal(summary.error);

  useEffect(() => {
    // A failed load leaves the list empty; the reason goes to the console for the operator.
    if (list.error && !isRefusal(list.error)) console.error('Loading the signups failed', list.error);
  }, [list.error]);

  if (refused) {
    return (
      <Page title="Early Signups">
        <Card role="alert" className="flex flex-col items-center gap-2 p-10 text-center">
          <ShieldAlert aria-hidden="true" className="size-8 text-warning" />
          <h2 className="font-display text-xl font-extrabold">Admins only</h2>
          <p className="text-muted">Log in with an admin account to see the signup list.</p>
        </Card>
      </Page>
    );
  }

  const signups = list.data?.pages.flatMap((p) => p.signups) ?? [];
  const counts = summary.data;
  return (
    <Page
      title="Early Signups"
      description="People waiting for launch news."
      actions={
        <a href={SIGNUPS_CSV_PATH} download className={buttonClasses({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      <ul aria-label="Signup totals" className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard icon={<Users />} label="Total signups" value={counts?.total ?? '—'} />
        <StatCard icon={<CalendarDays />} label="Today" value={counts?.today ?? '—'} />
        <StatCard icon={<AtSign />} label="E-mail domains" value={counts?.uniqueDomains ?? '—'} />
      </ul>
      <SearchField label="Search signups" placeholder="Search by name or e-mail" value={search} onChange={setSearch} className="mb-4 max-w-md" />
      {list.isPending ? (
        <PageSpinner label="Loading signups" />
      ) : signups.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          {q ? 'No signups match your search.' : 'No signups yet.'}
        </p>
      ) : (
        <ul aria-label="Signups" className="flex flex-col gap-3">
          {signups.map((signup) => (
            <SignupRow key={signup.id} signup={signup} />
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

function SignupRow({ signup }: { signup: EarlySignup }) {
  const markNotified = useMarkSignupNotified();
  const onMarkNotified = () =>
    markNotified.mutate(signup.id, {
      onError: () => toast({ title: 'Error', description: 'Could not mark the signup notified', variant: 'destructive' }),
    });
  return (
    <li aria-label={signup.name}>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-all">{signup.name}</span>
            <Badge variant={signup.notified ? 'success' : 'warning'}>{signup.notified ? 'Notified' : 'Pending'}</Badge>
          </div>
          <span className="text-sm break-all text-muted">{signup.email}</span>
          <span className="text-xs text-muted">
            Signed up <time dateTime={signup.signupDate}>{dateTime.format(new Date(signup.signupDate))}</time> · Source {signup.source}
            {signup.ipAddress ? ` · IP ${signup.ipAddress}` : ''}
          </span>
        </div>
        <div className="flex shrink-0 gap-2">
          <a href={`mailto:${signup.email}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Mail aria-hidden="true" />
            Email
          </a>
          {signup.notified ? null : (
            <Button size="sm" onClick={onMarkNotified} disabled={markNotified.isPending}>
              Mark notified
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
