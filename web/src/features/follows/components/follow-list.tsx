import * as Avatar from '@radix-ui/react-avatar';
import type { MemberSummary } from '@soleswap/contracts/users';
import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { LoadError } from '../../../components/ui/load-error';
import { useFollows, type FollowSide } from '../api/get-follows';

/** Username, else first and last name, else 'Anonymous User' (as profiles name people). */
function memberName(member: MemberSummary): string {
  const full = [member.firstName?.trim(), member.lastName?.trim()].filter(Boolean).join(' ');
  return member.username?.trim() || full || 'Anonymous User';
}

const EMPTY: Record<FollowSide, string> = {
  followers: 'No followers yet.',
  following: 'Not following anyone yet.',
};

/** A member's followers or the members they follow, each with their follower count and a link to their profile. */
export function FollowList({ userId, side }: { userId: string; side: FollowSide }) {
  const list = useFollows(userId, side);
  const label = side === 'followers' ? 'Followers' : 'Following';

  if (list.isLoading) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return <LoadError message="Couldn't load this list." onRetry={() => void list.refetch()} className="p-6" />;
  }
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (entries.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted">
        <Users aria-hidden="true" className="size-8" />
        <p>{EMPTY[side]}</p>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col gap-2">
        {entries.map(({ member, followerCount }) => (
          <li key={member.id}>
            <Card className="flex items-center gap-3 p-3">
              <Avatar.Root className="inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground">
                {member.profileImageUrl ? <Avatar.Image src={member.profileImageUrl} alt="" className="size-full object-cover" /> : null}
                <Avatar.Fallback className="font-bold">{memberName(member)[0]!.toUpperCase()}</Avatar.Fallback>
              </Avatar.Root>
              <Link href={`/profile/${member.id}`} className="min-w-0 flex-1 truncate font-semibold hover:underline">
                {memberName(member)}
              </Link>
              <span className="text-sm text-muted">
                {formatCount(followerCount)} {followerCount === 1 ? 'follower' : 'followers'}
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
