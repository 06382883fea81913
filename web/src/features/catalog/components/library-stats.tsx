import type { CatalogStats } from '@soleswap/contracts/catalog';
import { BadgeCheck, DollarSign, Layers, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatCard } from '../../../components/ui/stat-card';
import { formatCount, formatWholeUsd } from '../../../lib/format';

/** The library's four stats cards (see docs/web-client.md#screens-and-routes): total, brands, verified, average value in whole dollars. */
export function LibraryStats({ stats, isLoading }: { stats: CatalogStats | undefined; isLoading: boolean }) {
  const show = (value: ReactNode) => (isLoading ? <Skeleton className="h-6 w-12" /> : (value ?? '—'));
  return (
    <ul aria-label="Library stats" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={<Layers />} label="Total Sneakers" value={show(stats ? formatCount(stats.total) : undefined)} />
      <StatCard icon={<Tags />} label="Brands" value={show(stats ? formatCount(stats.brandCount) : undefined)} />
      <StatCard icon={<BadgeCheck />} label="Verified" value={show(stats ? formatCount(stats.verifiedCount) : undefined)} />
      <StatCard
        icon={<DollarSign />}
        label="Avg. Value"
        value={show(stats ? formatWholeUsd(Math.round(stats.averageEstimatedValue)) : undefined)}
        hint={stats?.averageValueSource === 'catalog' ? 'Catalogue market prices' : undefined}
      />
    </ul>
  );
}
