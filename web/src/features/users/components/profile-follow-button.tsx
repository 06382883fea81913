import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useFollowUser } from '../api/follow-user';
import { useFollowStatus } from '../api/get-follow-status';
import { useUnfollowUser } from '../api/unfollow-user';

/** Follow / Following toggle on someone else's profile, with the spec 8 toasts. */
export function ProfileFollowButton({ userId }: { userId: string }) {
  const status = useFollowStatus(userId);
  const follow = useFollowUser(userId);
  const unfollow = useUnfollowUser(userId);
  const isFollowing = status.data?.following ?? false;
  const isBusy = status.isLoading || follow.isPending || unfollow.isPending;

  function onToggle() {
    if (isFollowing) {
      unfollow.mutate(undefined, {
        onSuccess: () => toast({ title: 'You are no longer following this user' }),
        onError: () => toast({ title: 'Failed to unfollow user', variant: 'destructive' }),
      });
    } else {
      follow.mutate(undefined, {
        onSuccess: () => toast({ title: 'You are now following this user' }),
        onError: () => toast({ title: 'Failed to follow user', variant: 'destructive' }),
      });
    }
  }

  return (
    <Button variant={isFollowing ? 'outline' : 'primary'} aria-pressed={isFollowing} disabled={isBusy} onClick={onToggle}>
      {isFollowing ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {isFollowing ? 'Following' : 'Follow'}
    </Button>
  );
}
