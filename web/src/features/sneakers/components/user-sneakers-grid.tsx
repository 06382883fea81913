import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Footprints, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { LoadError } from '../../../components/ui/load-error';
import { EmptyState } from '../../../components/ui/empty-state';
import { SneakerCard } from './sneaker-card';
import { SneakerGrid, SneakerGridSkeleton } from './sneaker-grid';

interface UserSneakersGridProps {
  /** Already narrowed to what this viewer may see (`listedSneakers`). */
  sneakers: Sneaker[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The owner gets the card's actions and an "Add your first sneaker" empty state. */
  isOwner: boolean;
  viewerId: string | null;
}

/** A profile's Sneakers tab: the grid, or an empty state that differs for the owner and others. */
export function UserSneakersGrid({ sneakers, isLoading, isError, onRetry, isOwner, viewerId }: UserSneakersGridProps) {
  if (isLoading) return <SneakerGridSkeleton count={4} />;
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
