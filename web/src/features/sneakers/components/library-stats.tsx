import type { CatalogStats } from '@soleswap/contracts/catalog';
import { BadgeCheck, DollarSign, Layers, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

const WHOLE_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: ReactNode; hint?: string }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-3 p-4">
        <span aria-hidden="true" className="rounded-xl bg-accent/15 p-2.5 text-accent [&_svg]:size-5">
          {icon}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
          <span className="font-display font-extrabold text-2xl leading-none">{value}</span>
          {hint ? <span className="text-xs text-muted">{hint}</span> : null}
        </div>
      </Card>
    </li>
  );
}

/** The library's four stats cards (spec 2): total, brands, verified, average value in whole dollars. */
export function LibraryStats({ stats, isLoading }: { stats: CatalogStats | undefined; isLoading: boolean }) {
  const show = (value: ReactNode) => (isLoading ? <Skeleton className="h-6 w-12" /> : (value ?? '—'));
  return (
    <ul aria-label="Library stats" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={<Layers />} label="Total Sneakers" value={show(stats?.total.toLocaleString())} />
      <StatCard icon={<Tags />} label="Brands" value={show(stats?.brandCount.toLocaleString())} />
      <StatCard icon={<BadgeCheck />} label="Verified" value={show(stats?.verifiedCount.toLocaleString())} />
      <StatCard
        icon={<DollarSign />}
        label="Avg. Value"
        value={show(stats ? WHOLE_USD.format(Math.round(stats.averageEstimatedValue)) : undefined)}
        hint={stats?.averageValueSource === 'catalog' ? 'Catalogue market prices' : undefined}
      />
    </ul>
  );
}
