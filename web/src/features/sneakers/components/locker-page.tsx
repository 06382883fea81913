import { ALL_BRANDS, FILTER_BRANDS } from '@soleswap/contracts/sneaker-values';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Plus, ShieldCheck, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useUserSneakers } from '../api/find-user-sneakers';
import { AddSneakerDialog } from './add-sneaker-dialog';
import { BrandFilter } from './brand-filter';
import { EmptyState } from '../../../components/ui/empty-state';
import { MoreFilters } from './more-filters';
import { SneakerCard } from './sneaker-card';
import { SneakerGrid, SneakerGridSkeleton } from './sneaker-grid';

/** 8 skeleton cards while the locker loads (see docs/web-client.md#timings-and-counts). */
const SKELETON_COUNT = 8;

interface LockerPageProps {
  /** Opens the Authenticate dialog for one sneaker (Verify / Re-verify in the card menu). */
  onVerify?: (sneaker: Sneaker) => void;
  /** Verify All: the unverified sneakers in the filtered list that may be verified. */
  onVerifyAll?: (sneakers: Sneaker[]) => void;
  /** True while a Verify All is running. */
  isVerifyingAll?: boolean;
}

/**
 * My Sneaker Locker (/locker): the member's own sneakers with verified and
 * unverified counts, a brand filter, and the Add Sneaker dialog (see docs/web-client.md#screens-and-routes). The app
 * supplies the verification handlers (the verification feature's dialog and batch call).
 */
export function LockerPage({ onVerify, onVerifyAll, isVerifyingAll = false }: LockerPageProps = {}) {
  const viewer = useCurrentUser();
  const me = viewer.user;
  const sneakers = useUserSneakers(me?.id);
  const [brand, setBrand] = useState<string>(ALL_BRANDS);
  const [isAddOpen, setIsAddOpen] = useState(false);

  const all = sneakers.data ?? [];
  const shown = brand === ALL_BRANDS ? all : all.filter((s) => s.brand.toLowerCase() === brand.toLowerCase());
  const verifiedCount = all.filter((s) => s.isVerified).length;
  const unverifiedCount = all.length - verifiedCount;
  const isLoading = viewer.isLoading || sneakers.isLoading;

  function verifyAll() {
    // Escrow-locked pairs cannot be verified until their trade ends, so they are left out.
    const unverified = shown.filter((s) => !s.isVerified && s.allowedActions.includes('verify'));
    if (unverified.length === 0) {
      toast({ title: 'No Sneakers to Verify', description: 'All your sneakers are already verified.' });
      return;
    }
    onVerifyAll?.(unverified);
  }

  const addFirst = (
    <Button onClick={() => setIsAddOpen(true)}>
      <Plus aria-hidden="true" />
      Add Your First Sneaker
    </Button>
  );

  return (
    <Page
      title="My Sneaker Locker"
      description={isLoading ? 'Loading your collection...' : `${verifiedCount} verified • ${unverifiedCount} unverified`}
      actions={
        <>
          {unverifiedCount > 0 ? (
            <Button variant="outline" onClick={verifyAll} disabled={isVerifyingAll}>
              <ShieldCheck aria-hidden="true" />
              {isVerifyingAll ? 'Verifying...' : `Verify All (${unverifiedCount})`}
            </Button>
          ) : null}
          <Button onClick={() => setIsAddOpen(true)}>
            <Plus aria-hidden="true" />
            Add Sneaker
          </Button>
        </>
      }
    >
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <BrandFilter value={brand} onChange={setBrand} brands={FILTER_BRANDS} className="w-full sm:w-48" />
        <MoreFilters />
      </div>

      {isLoading ? (
        <SneakerGridSkeleton count={SKELETON_COUNT} label="Loading your locker" />
      ) : sneakers.isError ? (
        <LoadError message="Couldn't load your locker." onRetry={() => void sneakers.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Warehouse />}
          title={brand === ALL_BRANDS ? 'Your locker is empty' : `No ${brand} sneakers found`}
          description="Add the pairs you own so other members can propose trades."
          action={addFirst}
        />
      ) : (
        <SneakerGrid label="Your sneakers">
          {shown.map((sneaker) => (
            <li key={sneaker.id}>
              <SneakerCard sneaker={sneaker} viewerId={me?.id ?? null} showOwner={false} onVerify={onVerify} />
            </li>
          ))}
        </SneakerGrid>
      )}

      <AddSneakerDialog open={isAddOpen} onOpenChange={setIsAddOpen} />
    </Page>
  );
}
