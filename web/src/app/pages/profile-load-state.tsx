import { LoadError } from '../../components/ui/load-error';
import { ProfileNotFound } from '../../features/users/components/profile-not-found';
import { ProfileSkeleton } from '../../features/users/components/profile-skeleton';
import { ApiError } from '../../lib/api-client';
import type { useUser } from '../../lib/user';

/** The profile pages' frame (the member's own view and a visitor's public one). */
export const PROFILE_FRAME = 'mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10';

/** What a profile page shows before its profile is there: the skeleton, "not found", or a retry. */
export function ProfileLoadState({ profile }: { profile: ReturnType<typeof useUser> }) {
  if (profile.isLoading) {
    return (
      <div className={PROFILE_FRAME}>
        <ProfileSkeleton />
      </div>
    );
  }
  const isMissing = profile.error instanceof ApiError && profile.error.status === 404;
  return (
    <div className={PROFILE_FRAME}>
      {isMissing || !profile.error ? <ProfileNotFound /> : <LoadError message="Couldn't load this profile." onRetry={() => void profile.refetch()} />}
    </div>
  );
}
