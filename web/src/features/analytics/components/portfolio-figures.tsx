import { Gauge, Layers, PieChart as PieIcon, TrendingDown, TrendingUp, Trophy, Wallet } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ReadyPortfolioAnalytics } from '@soleswap/contracts/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatCard } from '../../../components/ui/stat-card';
import { cn } from '../../../lib/cn';

// The charts (and recharts with them) load only once there are figures to draw.
const ValueOverTimeChart = lazy(() => import('./portfolio-charts').then((m) => ({ default: m.ValueOverTimeChart })));
const BrandSplitChart = lazy(() => import('./portfolio-charts').then((m) => ({ default: m.BrandSplitChart })));
const MoversChart = lazy(() => import('./portfolio-charts').then((m) => ({ default: m.MoversChart })));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);
const signedMoney = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${money(Math.abs(cents))}`;
const percent = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}%`);
const tone = (value: number | null) => (value === null || value === 0 ? 'text-muted' : value > 0 ? 'text-success' : 'text-destructive');

/** A chart, which may still be loading, above the same figures as text, which show at once. */
function ChartCard({ title, description, chart, children }: { title: string; description?: string; chart: ReactNode; children?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Suspense fallback={<Skeleton className="h-52 w-full" />}>{chart}</Suspense>
        {children}
      </CardContent>
    </Card>
  );
}

/** A premium member's figures for one period, each chart next to the same figures as text. */
export function PortfolioFigures({ data }: { data: ReadyPortfolioAnalytics }) {
  const { growth, topPerformer } = data;
  const unpriced = data.totalItems - data.valuedItems;
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Portfolio figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard icon={<Wallet />} label="Total value" value={money(data.totalValueCents)} hint={`Latest prices, as of ${data.asOf.slice(0, 10)}`} />
        <StatCard
          icon={growth.changeCents < 0 ? <TrendingDown /> : <TrendingUp />}
          label={`Growth (${data.period})`}
          value={<span className={tone(growth.changePercent)}>{percent(growth.changePercent)}</span>}
          hint={`${signedMoney(growth.changeCents)} from market moves since ${data.periodStart}`}
        />
        <StatCard
          icon={<Layers />}
          label="Collection"
          value={`${data.totalItems} ${data.totalItems === 1 ? 'pair' : 'pairs'}`}
          hint={`Average ${money(data.averageValueCents)}${unpriced > 0 ? ` · ${unpriced} without a price yet` : ''}`}
        />
        <StatCard icon={<Gauge />} label="Risk score" value={`${data.riskScore}/100`} hint="Price swings and how much rides on a few pairs" />
        <StatCard icon={<PieIcon />} label="Diversification" value={`${data.diversificationScore}/100`} hint="Spread of value across brands" />
        <StatCard
          icon={<Trophy />}
          label="Top performer"
          value={topPerformer ? <span className="text-lg">{topPerformer.name}</span> : '—'}
          hint={
            topPerformer ? `${percent(topPerformer.changePercent)} · now ${money(topPerformer.valueCents)}` : 'No pair with a week of history gained'
          }
        />
      </ul>

      <ChartCard title="Value over time" description={`Daily value from ${data.periodStart}`} chart={<ValueOverTimeChart series={data.series} />} />

      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long pair name would widen it past a phone's screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChartCard
          title="Brand split"
          description="Share of today's value, and each brand's move over the period"
          chart={<BrandSplitChart brands={data.brands} />}
        >
          <ol aria-label="Brand market trends" className="flex flex-col gap-1 text-sm">
            {data.brands.map((b) => (
              <li key={b.brand} className="flex items-center justify-between gap-3">
                <span className="truncate">
                  {b.brand} <span className="text-muted">· {b.sharePercent}%</span>
                </span>
                <span className={cn('flex items-center gap-1 font-semibold tabular-nums', tone(b.changePercent))}>
                  {b.trend === 'up' ? (
                    <TrendingUp aria-label="Trend up" className="size-4" />
                  ) : b.trend === 'down' ? (
                    <TrendingDown aria-label="Trend down" className="size-4" />
                  ) : null}
                  {percent(b.changePercent)}
                </span>
              </li>
            ))}
          </ol>
        </ChartCard>
        <ChartCard title="Movers" description="Each pair's change over the period" chart={<MoversChart movers={data.movers} />}>
          <ol aria-label="Movers" className="flex flex-col gap-1 text-sm">
            {data.movers.map((m) => (
              <li key={m.sneakerId} className="flex items-center justify-between gap-3">
                <span className="truncate">
                  {m.name}
                  {m.isAddedDuringPeriod ? <span className="text-muted"> · since its first price</span> : null}
                </span>
                <span className="shrink-0 tabular-nums">
                  {money(m.valueCents)} <span className={cn('font-semibold', tone(m.changePercent))}>{percent(m.changePercent)}</span>
                </span>
              </li>
            ))}
          </ol>
        </ChartCard>
      </div>
    </div>
  );
}
