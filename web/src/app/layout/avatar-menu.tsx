import * as Avatar from '@radix-ui/react-avatar';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '@soleswap/contracts/users';
import { BarChart3, Crown, LogOut, MapPin, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { avatarInitial, menuName } from '../../features/users/user-names';
import { logOut } from '../../features/identity/api/log-out';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted';

/** The user's avatar: profile image, else the initial of their name. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar.Root
      className={`inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground ${className ?? ''}`}
    >
      {user.profileImageUrl ? <Avatar.Image src={user.profileImageUrl} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback className="font-display font-extrabold text-sm" data-testid="avatar-fallback">
        {avatarInitial(user)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}

/** Account menu: who is signed in, Profile, Analytics (premium), Wallet, the settings pages and Log out. */
export function AvatarMenu({ user }: { user: User }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
        >
          <DropdownMenu.Label className="flex flex-col gap-0.5 px-2 py-2">
            <span className="flex items-center gap-1.5 font-semibold">
              {menuName(user)}
              {user.isPremiumMember ? <Crown role="img" aria-label="Premium member" className="size-4 text-premium" /> : null}
            </span>
            {user.email ? <span className="truncate text-xs text-muted">{user.email}</span> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href={`/profile/${user.id}`}>
              <UserRound aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          {user.isPremiumMember ? (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href="/analytics">
                <BarChart3 aria-hidden="true" />
                Analytics
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/wallet">
              <Wallet aria-hidden="true" />
              Wallet
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/settings/addresses">
              <MapPin aria-hidden="true" />
              Addresses
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/settings/security">
              <ShieldCheck aria-hidden="true" />
              Security
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {/* Logging out posts, then leaves the app: the server ends the session, the provider's logout ends its own. */}
          <DropdownMenu.Item className={ITEM} onSelect={() => void logOut()}>
            <LogOut aria-hidden="true" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
