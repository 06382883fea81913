import type { User } from '@soleswap/contracts/users';
import { Footprints, Repeat2, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUserStats } from '../api/get-user-stats';
import { formatReputation } from '../user-names';

function Counter({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <li>
      <Card className="flex items-center gap-3 p-4">
        <span aria-hidden="true" className="rounded-xl bg-accent/15 p-2.5 text-accent [&_svg]:size-5">
          {icon}
        </span>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
          <span className="font-display font-extrabold text-2xl leading-none">{value}</span>
        </div>
      </Card>
    </li>
  );
}

/** Sneakers, Trades, Rating and Followers of one user, from the stats endpoint. */
export function UserCounters({ user }: { user: User }) {
  const stats = useUserStats(user.id);
  const count = (value: number | undefined) =>
    stats.isLoading ? <Skeleton className="h-6 w-8" /> : (value ?? 0).toLocaleString();

  return (
    <ul aria-label="Your stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Counter icon={<Footprints />} label="Sneakers" value={count(stats.data?.sneakerCount)} />
      <Counter icon={<Repeat2 />} label="Trades" value={count(stats.data?.tradeCount)} />
      <Counter icon={<Star />} label="Rating" value={formatReputation(user.reputation)} />
      <Counter icon={<Users />} label="Followers" value={count(stats.data?.followerCount)} />
    </ul>
  );
}
