import { Eye, RefreshCw, UserCheck, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { STATS_HOURS_DEFAULT, STATS_HOURS_WEEK, type SiteAnalytics } from '@soleswap/contracts/analytics';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { useSiteStats } from '../api/get-site-stats';
import { AdminsOnly } from './admins-only';
import { CountBarChart, DevicePieChart, VisitsOverTimeChart } from './site-stats-charts';

const WINDOWS = [
  { hours: STATS_HOURS_DEFAULT, label: '24h' },
  { hours: STATS_HOURS_WEEK, label: '7d' },
] as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();

/** Site statistics (/analytics-dashboard): open to every route, figures for admins only. */
export function SiteAnalyticsPage() {
  const [hours, setHours] = useState<number>(STATS_HOURS_DEFAULT);
  const stats = useSiteStats(hours);
  const refused = stats.error instanceof ApiError && (stats.error.status === 401 || stats.error.status === 403);

  const actions = refused ? null : (
    <>
      <div role="group" aria-label="Period" className="flex gap-2">
        {WINDOWS.map((w) => (
          <Button
            key={w.hours}
            variant={hours === w.hours ? 'primary' : 'outline'}
            aria-pressed={hours === w.hours}
            onClick={() => setHours(w.hours)}
          >
            {w.label}
          </Button>
        ))}
      </div>
      <Button variant="outline" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
        <RefreshCw aria-hidden="true" className={stats.isFetching ? 'animate-spin' : undefined} />
        Refresh
      </Button>
    </>
  );

  let body: ReactNode;
  if (refused) body = <AdminsOnly signedIn={(stats.error as ApiError).status === 403} />;
  else if (stats.isError) {
    body = (
      <LoadError
        message={<p className="text-destructive">{toUserMessage(stats.error, 'Failed to fetch analytics')}</p>}
        onRetry={stats.refetch}
        retryLabel="Retry"
        className="p-10"
      />
    );
  } else if (!stats.data) body = <PageSpinner label="Loading statistics" />;
  else body = <SiteStatsView data={stats.data} />;

  return (
    <Page
      title="Site Analytics"
      description="Visitors and page views of the site (bots and visitors who opted out are not counted)."
      actions={actions}
    >
      {body}
    </Page>
  );
}

function SiteStatsView({ data }: { data: SiteAnalytics }) {
  const { stats, period } = data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        Last updated <time dateTime={data.generatedAt}>{dateTime.format(new Date(data.generatedAt))}</time> · Period{' '}
        <time dateTime={period.from}>{dateTime.format(new Date(period.from))}</time> –{' '}
        <time dateTime={period.to}>{dateTime.format(new Date(period.to))}</time> ({data.timeframe})
      </p>
      <ul aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
        <StatCard icon={<Users />} label="Total visitors" value={number.format(stats.totalVisitors)} hint="Visits: one visitor on one day" />
        <StatCard icon={<UserCheck />} label="Unique visitors" value={number.format(stats.uniqueVisitors)} hint="Distinct visitor sessions" />
        <StatCard icon={<Eye />} label="Page views" value={number.format(stats.pageViews)} />
      </ul>
      <Card>
        <CardHeader>
          <CardTitle>Visits over time</CardTitle>
        </CardHeader>
        <CardContent>
          <VisitsOverTimeChart stats={stats} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Breakdown title="Top pages" items={stats.topPages.map((p) => ({ name: p.page, count: p.count }))} chart="bars" />
        <Breakdown title="Devices" items={stats.deviceBreakdown.map((d) => ({ name: d.device, count: d.count }))} chart="pie" />
        <Breakdown title="Browsers" items={stats.browserBreakdown.map((b) => ({ name: b.browser, count: b.count }))} chart="bars" />
      </div>
    </div>
  );
}

/** A chart and the same figures as a list with counts (readable without the chart). */
function Breakdown({ title, items, chart }: { title: string; items: Array<{ name: string; count: number }>; chart: 'bars' | 'pie' }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {items.length === 0 ? (
          <p className="text-sm text-muted">No data for this period.</p>
        ) : (
          <>
            {chart === 'pie' ? <DevicePieChart data={items} /> : <CountBarChart data={items} />}
            <ol aria-label={title} className="flex flex-col gap-1 text-sm">
              {items.map((item) => (
                <li key={item.name} className="flex justify-between gap-3">
                  <span className="truncate">{item.name}</span>
                  <span className="font-semibold tabular-nums">{number.format(item.count)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
