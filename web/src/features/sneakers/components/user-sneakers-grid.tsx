import type { Sneaker } from '@soleswap/contracts/sneakers';
import { EyeOff, Footprints, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { LoadError } from '../../../components/ui/load-error';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';
import { SneakerCard } from './sneaker-card';
import { SneakerGrid, SneakerGridSkeleton } from './sneaker-grid';

interface UserSneakersGridProps {
  /** Already narrowed to what this viewer may see (`listedSneakers`). */
  sneakers: Sneaker[];
  isLoading: boolean;
  isError: boolean;
  /** Why the list failed to load: a block between the two members is a state, not an error to retry. */
  error?: unknown;
  onRetry: () => void;
  /** The owner gets the card's actions and an "Add your first sneaker" empty state. */
  isOwner: boolean;
  viewerId: string | null;
}

/**
 * Whether a member's sneakers were refused because of a block: the BLOCKED code, or the 404 the
 * locker answers across a block (as for an unknown member) while the profile itself loaded.
 */
export function isBlockedFromSneakers(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'BLOCKED' || error.code === 'NOT_FOUND');
}

/** A profile's Sneakers tab: the grid, or an empty state that differs for the owner and others. */
export function UserSneakersGrid({ sneakers, isLoading, isError, error, onRetry, isOwner, viewerId }: UserSneakersGridProps) {
  if (isLoading) return <SneakerGridSkeleton count={4} />;
  if (isError && !isOwner && isBlockedFromSneakers(error)) {
    return (
      <EmptyState
        icon={<EyeOff />}
        title="You can't see this member's sneakers"
        description="A block between you and this member hides their listings from you, and yours from them."
      />
    );
  }
  if (isError) {
    return <LoadError message="Couldn't load these sneakers." onRetry={onRetry} />;
  }
  if (sneakers.length === 0) {
    return isOwner ? (
      <EmptyState
        icon={<Footprints />}
        title="No sneakers yet"
        description="Your locker is empty. Add a pair so other members can trade for it."
        action={
          <Link href="/locker" className={buttonClasses()}>
            <Plus aria-hidden="true" />
            Add your first sneaker
          </Link>
        }
      />
    ) : (
      <EmptyState icon={<Footprints />} title="No sneakers listed yet" />
    );
  }
  return (
    <SneakerGrid label="Sneakers">
      {sneakers.map((sneaker) => (
        <li key={sneaker.id}>
          <SneakerCard sneaker={sneaker} viewerId={viewerId} showOwner={false} />
        </li>
      ))}
    </SneakerGrid>
  );
}
