import { payoutDestinationLabel } from '@soleswap/contracts/wallet';
import type { HoldCaptureReason, WalletEntry, WalletEntryKind } from '@soleswap/contracts/wallet';
import { ArrowDownLeft, ArrowUpRight, Wallet } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatUsd, formatUtcDate } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { walletKeys } from '../../../lib/query-keys';
import { useWallet } from '../api/get-wallet';
import { usePayoutDestination } from '../api/payout-destination';
import { CardHoldsSection } from './card-holds-section';
import { PayoutDestinationPanel } from './payout-destination-panel';
import { WithdrawForm } from './withdraw-form';

const usd = (cents: number) => formatUsd(cents / 100);

const ENTRY_LABELS: Record<WalletEntryKind, string> = {
  trade_cash_credit: 'Cash from a completed trade',
  // Credits made before reasons were kept name every case that captures a hold.
  protection_hold_credit: 'Protection hold captured: the other side missed the ship deadline, lost a dispute or their pair failed authentication',
  payout: 'Withdrawal',
  payout_reversal: 'Withdrawal returned',
  trade_cash_debit: 'Held from your balance for a trade',
  trade_cash_return: 'Returned to your balance from a trade',
  protection_hold_refund: 'Protection hold returned: your appeal was granted',
  protection_hold_reversal: 'Protection hold taken back: the other side’s appeal was granted',
};

/** Why a hold was captured, after the member whose hold it was. */
const CAPTURED_BECAUSE: Record<HoldCaptureReason, string> = {
  failed_authentication: 'pair failed authentication',
  missed_ship_deadline: 'missed the ship deadline',
  lost_dispute: 'lost the dispute',
};

/** A loop's protection hold held on, or given back to, the balance: a loop carries no cash. */
const LOOP_ENTRY_LABELS: Partial<Record<WalletEntryKind, string>> = {
  trade_cash_debit: 'Protection hold held from your balance for a loop',
  trade_cash_return: 'Protection hold returned to your balance from a loop',
};

/** What an entry was: a protection-hold entry names the member and why their hold was captured. */
export function entryLabel(entry: WalletEntry): string {
  const capture = entry.holdCapture;
  if (!capture) return (entry.loopId !== null ? LOOP_ENTRY_LABELS[entry.kind] : undefined) ?? ENTRY_LABELS[entry.kind] ?? entry.kind;
  const member = capture.memberName ?? 'The other member';
  const why =
    capture.reason === 'failed_authentication' ? `${member}'s ${CAPTURED_BECAUSE[capture.reason]}` : `${member} ${CAPTURED_BECAUSE[capture.reason]}`;
  switch (entry.kind) {
    case 'protection_hold_credit':
      return `Protection hold captured: ${why}`;
    case 'protection_hold_reversal':
      return `Protection hold taken back: ${member}'s appeal was granted`;
    case 'protection_hold_refund':
      return `Protection hold returned: your appeal was granted (paid to ${member})`;
    default:
      return ENTRY_LABELS[entry.kind] ?? entry.kind;
  }
}

function EntryRow({ entry }: { entry: WalletEntry }) {
  const isCredit = entry.amountCents >= 0;
  const Icon = isCredit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span aria-hidden="true" className={cn('rounded-full p-2', isCredit ? 'bg-success/15 text-success' : 'bg-surface-raised text-muted')}>
        <Icon className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{entryLabel(entry)}</span>
        <span className="text-xs text-muted">
          {formatUtcDate(new Date(entry.createdAt))}
          {entry.tradeId !== null ? ` · Trade #${entry.tradeId}` : ''}
          {entry.loopId !== null ? ` · Loop #${entry.loopId}` : ''}
        </span>
      </div>
      <span className={cn('font-semibold tabular-nums', isCredit ? 'text-success' : 'text-foreground')}>
        {isCredit ? '+' : '−'}
        {usd(Math.abs(entry.amountCents))}
      </span>
    </li>
  );
}

function WalletSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your wallet" className="flex flex-col gap-4">
      <Skeleton className="h-28 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}

/**
 * The member's wallet (docs/rules/money.md#the-wallet): the balance, then every movement of it,
 * newest first, a page at a time. Under the balance, where withdrawals go (a bank account in the
 * sandbox, asked for before the first withdrawal) and the withdraw form (POST /api/wallet/withdrawals);
 * once it is answered the wallet is loaded again, so the balance and the payout entry show. Last,
 * every hold put on the member's card and what became of it (issue #42).
 */
export function WalletPage() {
  const wallet = useWallet();
  const destination = usePayoutDestination();
  const destinationView = destination.data;
  const hasDestination = Boolean(destinationView?.destination);
  const queryClient = useQueryClient();
  const pages = wallet.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);

  let body;
  if (wallet.isPending) {
    body = <WalletSkeleton />;
  } else if (wallet.isError && pages.length === 0) {
    body = <LoadError message="Couldn't load your wallet." onRetry={wallet.refetch} />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <Card role="region" aria-labelledby="wallet-balance" className="flex flex-col gap-1 p-6">
          <h2 id="wallet-balance" className="text-sm font-semibold text-muted">
            Balance
          </h2>
          <p className="font-display text-4xl font-extrabold tabular-nums">{usd(pages[0]?.balanceCents ?? 0)}</p>
          <p className="text-sm text-muted">Cash the other side pays you in a trade lands here once the trade completes.</p>
        </Card>
        <Card role="region" aria-labelledby="wallet-withdraw" className="flex flex-col gap-3 p-6">
          <h2 id="wallet-withdraw" className="font-display text-lg font-bold">
            Withdraw
          </h2>
          {destinationView && (pages[0]?.balanceCents ?? 0) > 0 ? <PayoutDestinationPanel view={destinationView} /> : null}
          {/* A withdrawal asks where the money goes first (issue #42): no form until it has somewhere to go. */}
          {hasDestination || (pages[0]?.balanceCents ?? 0) <= 0 ? (
            <WithdrawForm
              balanceCents={pages[0]?.balanceCents ?? 0}
              destinationLabel={destinationView?.destination ? payoutDestinationLabel(destinationView.destination) : undefined}
              onWithdrawn={() => void queryClient.invalidateQueries({ queryKey: walletKeys.all })}
            />
          ) : destination.isError ? (
            <LoadError message="Couldn't load where your withdrawals go." onRetry={destination.refetch} />
          ) : null}
        </Card>
        <section aria-labelledby="wallet-entries" className="flex flex-col gap-3">
          <h2 id="wallet-entries" className="font-display text-lg font-bold">
            Activity
          </h2>
          {entries.length === 0 ? (
            <EmptyState
              icon={<Wallet />}
              title="Your balance has not moved yet"
              description="When a trade that carries cash for you completes, the cash is credited here. What was held on or charged to your card is listed under Your card."
              action={
                <Link href="/trades" className={buttonClasses({ variant: 'outline' })}>
                  Go to your trades
                </Link>
              }
            />
          ) : (
            <Card className="overflow-hidden p-0">
              <ul aria-label="Wallet activity" className="divide-y divide-border">
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </ul>
            </Card>
          )}
          {wallet.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-destructive">
              Couldn't load more activity. Try again.
            </p>
          ) : null}
          {wallet.hasNextPage ? (
            <Button variant="outline" className="self-center" onClick={() => void wallet.fetchNextPage()} disabled={wallet.isFetchingNextPage}>
              {wallet.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : null}
        </section>
        <CardHoldsSection />
      </div>
    );
  }

  return (
    <Page title="Wallet" description="Your balance and every movement of it.">
      {body}
    </Page>
  );
}
