import { Download, LineChart } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DEFAULT_PORTFOLIO_PERIOD, PORTFOLIO_PERIODS, type PortfolioPeriod } from '@soleswap/contracts/analytics';
import type { User } from '@soleswap/contracts/users';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { portfolioCsvUrl, usePortfolioAnalytics } from '../api/get-portfolio-analytics';
import { PortfolioFigures } from './portfolio-figures';
import { PortfolioTeaser } from './portfolio-teaser';
import { PortfolioValueNotes } from './portfolio-value-notes';

export interface PortfolioAuth {
  user: User | null;
  isLoading: boolean;
}

const TITLE = 'Portfolio Analytics';

/** Portfolio analytics (/analytics): a login prompt, the teaser for standard members, or a premium member's figures. */
export function PortfolioAnalyticsPage({ auth }: { auth: PortfolioAuth }) {
  const [period, setPeriod] = useState<PortfolioPeriod>(DEFAULT_PORTFOLIO_PERIOD);
  const isPremium = Boolean(auth.user?.isPremiumMember);
  const portfolio = usePortfolioAnalytics(period, isPremium);
  // The server has the last word: a session that ended, or a membership that lapsed since the page loaded.
  const refusal = portfolio.error instanceof ApiError ? portfolio.error.status : null;

  if (auth.isLoading) return <PageSpinner label="Checking your session" />;
  if (!auth.user || refusal === 401) return <LoginPrompt />;
  if (!isPremium || refusal === 403) {
    return (
      <Page title={TITLE} description="Track what your collection is worth.">
        <PortfolioTeaser />
      </Page>
    );
  }

  const actions = (
    <>
      <div role="group" aria-label="Period" className="flex gap-1">
        {PORTFOLIO_PERIODS.map((p) => (
          <Button key={p} size="sm" variant={period === p ? 'primary' : 'outline'} aria-pressed={period === p} onClick={() => setPeriod(p)}>
            {p}
          </Button>
        ))}
      </div>
      {/* A plain link: the browser downloads the file with the session cookie. */}
      <a href={portfolioCsvUrl(period)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </>
  );

  let body: ReactNode;
  if (portfolio.isError) {
    body = (
      <LoadError
        message={<p className="text-destructive">{toUserMessage(portfolio.error, 'Failed to load your portfolio')}</p>}
        onRetry={portfolio.refetch}
        className="p-10"
      />
    );
  } else if (!portfolio.data) body = <PageSpinner label="Loading your portfolio" />;
  else if (portfolio.data.state === 'empty') body = <EmptyPortfolio totalItems={portfolio.data.totalItems} />;
  else {
    body = (
      <div className="flex flex-col gap-6">
        <PortfolioFigures data={portfolio.data} />
        <PortfolioValueNotes data={portfolio.data} />
      </div>
    );
  }

  return (
    <Page title={TITLE} description="What your collection is worth: market prices adjusted for condition, or your own estimates." actions={actions}>
      <div aria-busy={portfolio.isFetching} className={portfolio.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {body}
      </div>
    </Page>
  );
}

function LoginPrompt() {
  return (
    <Page title="Authentication Required">
      <Card className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <p className="text-muted">Log in to see your portfolio analytics.</p>
        <a href={LOGIN_PATH} className={buttonClasses({})}>
          Log In
        </a>
      </Card>
    </Page>
  );
}

/** No pair has a price yet: say so plainly, and how prices arrive. */
function EmptyPortfolio({ totalItems }: { totalItems: number }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <LineChart aria-hidden="true" className="size-10 text-muted" />
      <h2 className="font-display text-xl font-extrabold">No price history yet</h2>
      <p className="max-w-prose text-muted">
        {totalItems === 0
          ? 'Your locker is empty. Add sneakers to start tracking what your collection is worth.'
          : `None of your ${totalItems === 1 ? 'pair has' : `${totalItems} pairs have`} a price yet. Prices come from verifying a pair and from the daily market check, and your figures appear from the first one.`}
      </p>
      <Link href="/locker" className={buttonClasses({ variant: 'outline' })}>
        Go to My Locker
      </Link>
    </Card>
  );
}
