import { LogIn } from 'lucide-react';
import { useParams } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { useUserSneakers } from '../../features/sneakers/api/find-user-sneakers';
import { UserSneakersGrid } from '../../features/sneakers/components/user-sneakers-grid';
import { listedSneakers } from '../../features/sneakers/sneaker-display';
import { loginHref } from '../../features/identity/login-href';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { PROFILE_FRAME, ProfileLoadState } from './profile-load-state';
import { useUser } from '../../lib/user';

/**
 * A member's profile as a visitor sees it (/profile/:userId, where the owner link on /browse
 * leads): the header with its counters and the sneakers they list, from the public reads only.
 * Following, messaging, trade history and follower lists are for members: a sign-in that comes
 * back here offers them.
 */
export function PublicProfilePage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const profile = useUser(userId);
  const sneakers = useUserSneakers(profile.data ? userId : undefined);

  const frame = PROFILE_FRAME;
  if (profile.isLoading || profile.isError || !profile.data) return <ProfileLoadState profile={profile} />;

  return (
    <div className={frame}>
      <ProfileHeader
        user={profile.data}
        isOwnProfile={false}
        actions={
          <a href={loginHref(`/profile/${encodeURIComponent(userId)}`)} className={buttonClasses({ variant: 'outline' })}>
            <LogIn aria-hidden="true" />
            Sign in to follow or message
          </a>
        }
      />
      <section aria-labelledby="public-sneakers" className="flex flex-col gap-4">
        <h2 id="public-sneakers" className="text-lg font-semibold">
          Sneakers{sneakers.data ? ` (${listedSneakers(sneakers.data, { isOwner: false }).length})` : ''}
        </h2>
        <UserSneakersGrid
          sneakers={listedSneakers(sneakers.data ?? [], { isOwner: false })}
          isLoading={sneakers.isLoading}
          isError={sneakers.isError}
          error={sneakers.error}
          onRetry={() => void sneakers.refetch()}
          isOwner={false}
          viewerId={null}
        />
      </section>
    </div>
  );
}
