import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { VerificationCheckResult } from '@soleswap/contracts/verification';
import { ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../../components/layout/page';
import { PageSpinner } from '../../components/ui/spinner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatCondition, formatUsd } from '../../lib/format';
import { useSneaker } from '../../features/sneakers/api/get-sneaker';
import { SneakerGallery } from '../../features/sneakers/components/sneaker-gallery';
import { SneakerTradeButton } from '../../features/sneakers/components/sneaker-trade-button';
import { VerificationBadge } from '../../features/sneakers/components/verification-badge';
import { ownerHandle } from '../../features/sneakers/sneaker-display';
import { AuthenticateDialog } from '../../features/verification/components/authenticate-dialog';
import { PriceHistoryPanel } from '../../features/verification/components/price-history-panel';
import { VerificationChecks, confidencePercent } from '../../features/verification/components/verification-result';
import { WantButton } from '../../features/wants/components/want-button';
import { NotFoundPage } from './not-found-page';

const FIELD_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function fields(sneaker: Sneaker): Array<[string, string]> {
  return [
    ['Brand', sneaker.brand],
    ['Model', sneaker.model],
    ['Colorway', sneaker.colorway ?? '—'],
    ['Style code', sneaker.styleCode ?? '—'],
    ['Size', `US ${sneaker.size}`],
    ['Condition', formatCondition(sneaker.condition)],
    ['Estimated value', formatUsd(sneaker.estimatedValue)],
    ['Market price', sneaker.marketPrice ? formatUsd(sneaker.marketPrice) : '—'],
    [
      'Price range',
      sneaker.priceRangeLow && sneaker.priceRangeHigh ? `${formatUsd(sneaker.priceRangeLow)} - ${formatUsd(sneaker.priceRangeHigh)}` : '—',
    ],
    ['Purchase price', sneaker.purchasePrice ? formatUsd(sneaker.purchasePrice) : '—'],
    ['Purchase date', sneaker.purchaseDate ?? '—'],
    ['Available for trade', sneaker.isAvailableForTrade ? 'Yes' : 'No'],
    ['Listed', FIELD_DATE.format(new Date(sneaker.createdAt))],
  ];
}

/** /sneakers/:id: the photos (the size tag marked for the reviewer), every field, the last verification with its evidence, price history, owner and Trade. */
export function SneakerDetailPage({ id }: { id: number }) {
  const viewer = useCurrentUser();
  const sneaker = useSneaker(id);
  const [isVerifyOpen, setIsVerifyOpen] = useState(false);
  if (sneaker.isLoading) return <PageSpinner label="Loading the sneaker" />;
  if (sneaker.isError && !(sneaker.error instanceof ApiError && sneaker.error.status === 404)) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <LoadError message="Couldn't load this sneaker." onRetry={() => void sneaker.refetch()} />
      </div>
    );
  }
  if (!sneaker.data) {
    return <NotFoundPage title="Sneaker not found" description="This sneaker doesn't exist, or its owner no longer lists it." />;
  }
  const s = sneaker.data;
  const checks = s.verificationChecks as VerificationCheckResult[] | null;
  const canVerify = s.allowedActions.includes('verify');

  return (
    <Page
      title={s.name}
      description={s.description ?? undefined}
      actions={
        <>
          {canVerify ? (
            <Button variant="outline" onClick={() => setIsVerifyOpen(true)}>
              <ShieldCheck aria-hidden="true" />
              {s.isVerified ? 'Re-verify' : 'Verify'}
            </Button>
          ) : null}
          {viewer.user && s.catalogReleaseId !== null && s.userId !== viewer.user.id ? (
            <WantButton release={{ id: s.catalogReleaseId, name: s.name, styleCode: s.styleCode }} />
          ) : null}
          <SneakerTradeButton sneaker={s} viewerId={viewer.user?.id ?? null} />
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <SneakerGallery sneaker={s} />
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <VerificationBadge sneaker={s} />
            <Link href={`/profile/${s.userId}`} className="inline-flex items-center gap-1 text-sm text-muted hover:text-foreground">
              <UserRound aria-hidden="true" className="size-4" />
              {s.owner.username ?? ownerHandle(s.userId)}
            </Link>
          </div>
          <dl aria-label="Details" className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {fields(s).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <Card className="p-4">
            <PriceHistoryPanel subject={{ kind: 'sneaker', id: s.id }} />
          </Card>
        </div>
      </div>

      <section aria-label="Verification" className="mt-8 flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Verification</h2>
        {checks && s.verificationScore ? (
          <>
            <p className="text-sm text-muted">
              {s.isVerified ? 'Authentic' : 'Flagged for review'} · confidence {confidencePercent(s.verificationScore)}% · source{' '}
              {(s.verificationSource ?? 'internal').toUpperCase()}
              {s.lastVerificationDate ? ` · ${FIELD_DATE.format(new Date(s.lastVerificationDate))}` : ''}
            </p>
            <VerificationChecks checks={checks} />
          </>
        ) : (
          <p className="text-sm text-muted">Not verified yet.</p>
        )}
      </section>

      <AuthenticateDialog sneaker={isVerifyOpen ? s : null} onClose={() => setIsVerifyOpen(false)} />
    </Page>
  );
}
