import type { User } from '@soleswap/contracts/users';
import { Footprints, Repeat2, Star, Users } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { StatCard } from '../../../components/ui/stat-card';
import { useUserStats } from '../api/get-user-stats';
import { formatReputation } from '../user-names';

/** Sneakers, Trades, Rating and Followers of one user, from the stats endpoint. */
export function UserCounters({ user }: { user: User }) {
  const stats = useUserStats(user.id);
  const count = (value: number | undefined) => (stats.isLoading ? <Skeleton className="h-6 w-8" /> : formatCount(value ?? 0));

  return (
    <ul aria-label="Your stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={<Footprints />} label="Sneakers" value={count(stats.data?.sneakerCount)} />
      <StatCard icon={<Repeat2 />} label="Trades" value={count(stats.data?.tradeCount)} />
      <StatCard icon={<Star />} label="Rating" value={formatReputation(user.reputation)} />
      <StatCard icon={<Users />} label="Followers" value={count(stats.data?.followerCount)} />
    </ul>
  );
}
