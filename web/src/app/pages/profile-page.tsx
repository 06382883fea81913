import { Footprints, History, UserCheck, Users } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { FollowButton } from '../../features/follows/components/follow-button';
import { FollowList } from '../../features/follows/components/follow-list';
import { useStartConversation } from '../../features/chat/api/conversations';
import { useUserSneakers } from '../../features/sneakers/api/find-user-sneakers';
import { UserSneakersGrid } from '../../features/sneakers/components/user-sneakers-grid';
import { listedSneakers } from '../../features/sneakers/sneaker-display';
import { useUserStats } from '../../features/users/api/get-user-stats';
import { ProfileHeader, profileDisplayName } from '../../features/users/components/profile-header';
import { PROFILE_FRAME, ProfileLoadState } from './profile-load-state';
import { TradeHistoryList } from '../../features/users/components/trade-history-list';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { toast } from '../../lib/toast';
import { useUser } from '../../lib/user';
import { ProfileActionsMenu } from './profile-actions-menu';

/**
 * A member's profile (/profile/:userId): the users feature's header, trade history and edit
 * dialog, the follows feature's button and lists, the sneakers grid, and the block and report
 * menu, combined here because features never import each other.
 */
export function ProfilePage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const viewer = useCurrentUser();
  const profile = useUser(userId);
  const stats = useUserStats(profile.data ? userId : undefined);
  const sneakers = useUserSneakers(profile.data ? userId : undefined);
  const startConversation = useStartConversation();
  const [, navigate] = useLocation();

  function onMessage() {
    startConversation.mutate(userId, {
      onSuccess: (conversation) => navigate(`/messages/${conversation.id}`),
      onError: (error) => {
        const isBlocked = error instanceof ApiError && error.status === 403;
        toast({
          title: 'Error',
          description: isBlocked ? 'You cannot message this member' : 'Failed to open the conversation',
          variant: 'destructive',
        });
      },
    });
  }

  const frame = PROFILE_FRAME;
  if (profile.isLoading || profile.isError || !profile.data) return <ProfileLoadState profile={profile} />;

  const isOwner = viewer.user?.id === userId;
  const shown = listedSneakers(sneakers.data ?? [], { isOwner });

  return (
    <div className={frame}>
      <ProfileHeader
        user={profile.data}
        isOwnProfile={isOwner}
        onMessage={onMessage}
        isOpeningMessage={startConversation.isPending}
        actions={
          <>
            <FollowButton userId={userId} viewerId={viewer.user?.id ?? null} />
            <ProfileActionsMenu userId={userId} name={profileDisplayName(profile.data)} />
          </>
        }
      />
      <Tabs defaultValue="sneakers">
        {/* Two rows of two on phones: four tabs in one row are wider than a 390 px screen (max-sm: wins over the list's inline-flex). */}
        <TabsList aria-label="Profile sections" className="max-sm:grid max-sm:grid-cols-2">
          <TabsTrigger value="sneakers" className="inline-flex items-center justify-center gap-1.5">
            <Footprints aria-hidden="true" className="size-4" />
            Sneakers ({sneakers.isLoading ? '…' : shown.length})
          </TabsTrigger>
          <TabsTrigger value="history" className="inline-flex items-center justify-center gap-1.5">
            <History aria-hidden="true" className="size-4" />
            Trade History
          </TabsTrigger>
          <TabsTrigger value="following" className="inline-flex items-center justify-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            Following ({stats.data?.followingCount ?? 0})
          </TabsTrigger>
          <TabsTrigger value="followers" className="inline-flex items-center justify-center gap-1.5">
            <UserCheck aria-hidden="true" className="size-4" />
            Followers ({stats.data?.followerCount ?? 0})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sneakers">
          <UserSneakersGrid
            sneakers={shown}
            isLoading={sneakers.isLoading}
            isError={sneakers.isError}
            error={sneakers.error}
            onRetry={() => void sneakers.refetch()}
            isOwner={isOwner}
            viewerId={viewer.user?.id ?? null}
          />
        </TabsContent>
        <TabsContent value="history">
          <TradeHistoryList userId={userId} />
        </TabsContent>
        <TabsContent value="following">
          <FollowList userId={userId} side="following" />
        </TabsContent>
        <TabsContent value="followers">
          <FollowList userId={userId} side="followers" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
