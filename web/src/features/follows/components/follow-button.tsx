import { UserMinus, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useFollowStatus } from '../api/get-follow-status';
import { useSetFollowing } from '../api/set-following';

/**
 * Follow / Unfollow on someone else's profile. The button and the follower count switch at
 * once and switch back if the server refuses; the outcome is told with the usual toasts.
 */
export function FollowButton({ userId, viewerId }: { userId: string; viewerId: string | null }) {
  const status = useFollowStatus(userId);
  const setFollowing = useSetFollowing(userId, viewerId);
  const isFollowing = status.data?.following ?? false;

  function onToggle() {
    const following = !isFollowing;
    setFollowing.mutate(following, {
      onSuccess: () => toast({ title: following ? 'You are now following this user' : 'You are no longer following this user' }),
      onError: () => toast({ title: following ? 'Failed to follow user' : 'Failed to unfollow user', variant: 'destructive' }),
    });
  }

  return (
    <Button variant={isFollowing ? 'outline' : 'primary'} aria-pressed={isFollowing} disabled={status.isLoading} onClick={onToggle}>
      {isFollowing ? <UserMinus aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
