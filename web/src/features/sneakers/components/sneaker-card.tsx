import type { Sneaker } from '@soleswap/contracts/sneakers';
import { EyeOff, Lock, UserRound } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatCondition } from '../../../lib/format';
import { useListingMenuSlot } from '../../../lib/listing-menu-slot';
import { ownerHandle, sneakerPictureUrl } from '../sneaker-display';
import { LikeButton } from './like-button';
import { SneakerImage } from '../../../components/ui/sneaker-image';
import { SneakerPrice } from './sneaker-price';
import { SneakerTradeButton } from './sneaker-trade-button';
import { VerificationBadge } from './verification-badge';

// Only owners get the menu (with its edit and delete dialogs): a visitor's cards never fetch it.
const SneakerOwnerMenu = lazy(() => import('./sneaker-owner-menu').then((m) => ({ default: m.SneakerOwnerMenu })));

export interface SneakerCardProps {
  sneaker: Sneaker;
  /** The signed-in member's id; null for a visitor. */
  viewerId: string | null;
  /** Browse shows whose sneaker it is; the owner's own locker does not need to. */
  showOwner?: boolean;
  /** Adds Verify / Re-verify to the owner's menu (only when supplied; see docs/rules/sneakers.md#verification). */
  onVerify?: (sneaker: Sneaker) => void;
  /** The first card of a list: its picture loads at once (see SneakerImage). */
  isFirst?: boolean;
}

/**
 * One sneaker (see docs/web-client.md#cards-and-small-behaviours): picture with a placeholder fallback, name,
 * brand, size, condition, value, verification badge, owner link, a local like,
 * the Trade button and the actions menu: exactly the `allowedActions` the server answered
 * (the owner's edit, hide/show, delete and verify; none on someone else's or a locked sneaker).
 */
export function SneakerCard({ sneaker, viewerId, showOwner = true, onVerify, isFirst = false }: SneakerCardProps) {
  const headingId = useId();
  const listingMenu = useListingMenuSlot();
  const isOthers = viewerId !== null && viewerId !== sneaker.userId;
  // Once shown, the menu stays mounted: its open dialogs outlive a refetch that takes the actions away.
  const [hasOwnerMenu, setHasOwnerMenu] = useState(false);
  if (!hasOwnerMenu && sneaker.allowedActions.length > 0) setHasOwnerMenu(true);

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <article aria-labelledby={headingId} className="flex h-full flex-col">
        <div className="relative">
          <SneakerImage src={sneakerPictureUrl(sneaker)} alt={sneaker.name} priority={isFirst} />
          <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
            {!sneaker.isAvailableForTrade ? (
              <Badge className="bg-background/85 backdrop-blur">
                <EyeOff aria-hidden="true" />
                Not Available
              </Badge>
            ) : null}
            {sneaker.isLocked ? (
              <Badge variant="warning" className="bg-background/85 backdrop-blur">
                <Lock aria-hidden="true" />
                Locked in trade
              </Badge>
            ) : null}
          </div>
          <div className="absolute top-2 right-2">
            <LikeButton name={sneaker.name} />
          </div>
        </div>

        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 id={headingId} className="line-clamp-2 font-semibold leading-snug">
            <Link href={`/sneakers/${sneaker.id}`} className="hover:underline">
              {sneaker.name}
            </Link>
          </h3>
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-xs text-muted">{sneaker.brand}</p>
            <VerificationBadge sneaker={sneaker} />
          </div>

          <p className="text-sm text-muted">
            Size {sneaker.size} • {formatCondition(sneaker.condition)}/10
          </p>
          <SneakerPrice sneaker={sneaker} />

          {showOwner ? (
            <Link href={`/profile/${sneaker.userId}`} className="flex w-fit items-center gap-1 text-xs text-muted hover:text-foreground">
              <UserRound aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Owner: </span>@{ownerHandle(sneaker.userId, sneaker.owner)}
            </Link>
          ) : null}

          <div className="mt-auto flex items-center gap-2 pt-2">
            <SneakerTradeButton sneaker={sneaker} viewerId={viewerId} />
            {hasOwnerMenu ? (
              <Suspense fallback={null}>
                <SneakerOwnerMenu sneaker={sneaker} onVerify={onVerify} />
              </Suspense>
            ) : null}
            {isOthers && listingMenu ? listingMenu(sneaker) : null}
          </div>
        </div>
      </article>
    </Card>
  );
}
