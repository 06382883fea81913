import * as Avatar from '@radix-ui/react-avatar';
import type { User } from '@soleswap/contracts/users';
import type { ReactNode } from 'react';
import { avatarInitial } from '../user-names';
import { EditProfileDialog } from './edit-profile-dialog';
import { ProfileCounters } from './profile-counters';
import { ProfileMessageButton } from './profile-message-button';
import { VerifiedTag } from './verified-tag';

const DEFAULT_BIO = 'Sneaker enthusiast and trader';

/** Profile name (see docs/web-client.md#cards-and-small-behaviours): username, else first and last name, else 'Anonymous User'. */
export function profileDisplayName(user: Pick<User, 'username' | 'firstName' | 'lastName'>): string {
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return user.username?.trim() || fullName || 'Anonymous User';
}

interface ProfileHeaderProps {
  user: User;
  /** Your own profile has Edit profile instead of Follow and Message. */
  isOwnProfile: boolean;
  /** Actions other features add on someone else's profile (Follow, the block and report menu). */
  actions?: ReactNode;
  /** Opens the conversation with this member (wired by the app, where the chat lives). */
  onMessage?: () => void;
  isOpeningMessage?: boolean;
}

/** The top of a profile: avatar, name, VERIFIED (verified members), bio, counters, and Follow / Message for others. */
export function ProfileHeader({ user, isOwnProfile, actions, onMessage, isOpeningMessage }: ProfileHeaderProps) {
  const name = profileDisplayName(user);
  return (
    <section aria-labelledby="profile-name" className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar.Root className="inline-flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground sm:size-24">
          {user.profileImageUrl ? <Avatar.Image src={user.profileImageUrl} alt="" className="size-full object-cover" /> : null}
          <Avatar.Fallback className="font-display font-extrabold text-3xl">{avatarInitial(user)}</Avatar.Fallback>
        </Avatar.Root>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="font-display font-extrabold text-2xl tracking-tight break-words sm:text-3xl">
              {name}
            </h1>
            <VerifiedTag user={user} />
          </div>
          <p className="text-muted">{user.bio?.trim() || DEFAULT_BIO}</p>
        </div>
        {isOwnProfile ? (
          <EditProfileDialog user={user} />
        ) : (
          <div className="flex gap-2">
            {actions}
            {onMessage ? <ProfileMessageButton onClick={onMessage} isPending={isOpeningMessage} /> : null}
          </div>
        )}
      </div>
      <ProfileCounters user={user} label={`${name}'s stats`} />
    </section>
  );
}
