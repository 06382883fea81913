import type { User } from '@soleswap/contracts/users';
import { Footprints, Repeat2, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { useUserStats } from '../api/get-user-stats';
import { formatReputation } from '../user-names';

function Counter({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <li>
      <Card className="flex flex-col items-center gap-1 p-3 text-center sm:p-4">
        <span aria-hidden="true" className="text-accent [&_svg]:size-4">
          {icon}
        </span>
        <span className="font-display font-extrabold text-xl leading-none sm:text-2xl">{value}</span>
        <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
      </Card>
    </li>
  );
}

/** A profile's Sneakers, Trades, Rating (default '0.0') and Followers (see docs/web-client.md#screens-and-routes). */
export function ProfileCounters({ user, label }: { user: User; label: string }) {
  const stats = useUserStats(user.id);
  const count = (value: number | undefined) => (stats.isLoading ? <Skeleton className="h-6 w-8" /> : formatCount(value ?? 0));

  return (
    <ul aria-label={label} className="grid grid-cols-4 gap-2 sm:gap-3">
      <Counter icon={<Footprints />} label="Sneakers" value={count(stats.data?.sneakerCount)} />
      <Counter icon={<Repeat2 />} label="Trades" value={count(stats.data?.tradeCount)} />
      <Counter icon={<Star />} label="Rating" value={formatReputation(user.reputation)} />
      <Counter icon={<Users />} label="Followers" value={count(stats.data?.followerCount)} />
    </ul>
  );
}
