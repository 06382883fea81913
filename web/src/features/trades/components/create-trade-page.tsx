import type { User } from '@soleswap/contracts/users';
import { Lock, Search, UserX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { goToUrl } from '../../../lib/browser-location';
import { toast } from '../../../lib/toast';
import { ProposalForm } from './proposal-form';

interface CreateTradePageProps {
  /** The signed-in member, or null for a visitor (the route is open to everyone; see docs/web-client.md#screens-and-routes). */
  currentUser: User | null;
  isLoadingUser: boolean;
}

/** `?target=12` → 12; anything that is not a positive integer → null. */
function parseSneakerId(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <span aria-hidden="true" className="rounded-full bg-surface-raised p-3 text-accent [&_svg]:size-6">
        {icon}
      </span>
      <h2 className="font-display text-xl font-extrabold">{title}</h2>
      {children}
    </Card>
  );
}

const browseLink = (
  <Link href="/browse" className={buttonClasses()}>
    <Search aria-hidden="true" />
    Browse sneakers
  </Link>
);

function SelfTradeNotice() {
  useEffect(() => {
    toast({ title: 'Cannot Trade', description: 'You cannot trade with yourself', variant: 'destructive' });
  }, []);
  return (
    <Notice icon={<UserX />} title="Cannot Trade">
      <p className="text-muted">You cannot trade with yourself. Pick a sneaker another member owns.</p>
      {browseLink}
    </Notice>
  );
}

/** Create a trade proposal (/trades/create?target=&owner=[&offer=]); see docs/rules/trades.md#proposals. */
export function CreateTradePage({ currentUser, isLoadingUser }: CreateTradePageProps) {
  const params = new URLSearchParams(useSearch());
  const ownerId = params.get('owner')?.trim() || null;
  const targetId = parseSneakerId(params.get('target'));
  // A match links here with both sides chosen: `offer` is the caller's own pair.
  const offerId = parseSneakerId(params.get('offer'));

  let body: ReactNode;
  if (isLoadingUser) {
    body = <PageSpinner label="Checking your session" />;
  } else if (!currentUser) {
    body = (
      <Notice icon={<Lock />} title="Authentication Required">
        <p className="text-muted">Please log in to create trade proposals.</p>
        <Button onClick={() => goToUrl(LOGIN_PATH)}>Log In</Button>
      </Notice>
    );
  } else if (!ownerId) {
    body = (
      <Notice icon={<Search />} title="Choose a sneaker to trade for">
        <p className="text-muted">A proposal starts from a sneaker someone else owns. Find one on Browse and press Trade on its card.</p>
        {browseLink}
      </Notice>
    );
  } else if (ownerId === currentUser.id) {
    body = <SelfTradeNotice />;
  } else {
    body = <ProposalForm me={currentUser} ownerId={ownerId} targetId={targetId} offerId={offerId} />;
  }

  return (
    <Page title="Create Trade Proposal" description="Pick sneakers from both sides. Sneakers are locked in escrow only once the trade is accepted.">
      {body}
    </Page>
  );
}
