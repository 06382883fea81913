import { VERIFICATION_CHECKS } from '@soleswap/contracts/verification-values';
import type { Trade } from '@soleswap/contracts/trades';
import { Copy, ExternalLink, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { toast } from '../../../lib/toast';
import { shortenHash } from '../../../lib/format';
import { ESCROW_LABELS } from '../trade-perspective';

async function copyHash(hash: string) {
  try {
    // The Clipboard API exists only on secure pages (https or localhost).
    await navigator.clipboard.writeText(hash);
    toast({ title: 'Copied', description: 'Transaction hash copied to the clipboard' });
  } catch {
    toast({ title: 'Copy failed', description: `Copy the hash by hand: ${hash}`, variant: 'destructive' });
  }
}

/** Escrow status and the ledger transaction that locked it, with a link to the ledger page. */
export function EscrowPanel({ trade }: { trade: Trade }) {
  const hash = trade.blockchainTxHash;
  return (
    <section aria-label="Escrow" className="flex flex-col gap-2 rounded-xl border border-border bg-background/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 text-sm font-semibold">
          <ShieldCheck className="size-4 text-accent" aria-hidden="true" />
          Escrow: {ESCROW_LABELS[trade.escrowStatus] ?? trade.escrowStatus}
        </h4>
        <span className="text-xs text-muted">Ledger-secured</span>
      </div>
      {hash ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex min-w-0 items-center gap-1 text-xs text-muted">
            Transaction
            <code title={hash} className="truncate rounded bg-surface-raised px-1.5 py-0.5 font-mono text-foreground">
              {shortenHash(hash)}
            </code>
            <Button variant="ghost" size="sm" className="h-7 px-2" aria-label="Copy transaction hash" onClick={() => void copyHash(hash)}>
              <Copy aria-hidden="true" />
            </Button>
          </p>
          <Link href={`/ledger/${hash}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <ExternalLink aria-hidden="true" />
            View on Blockchain
          </Link>
        </div>
      ) : (
        <p className="text-xs text-muted">
          {trade.status === 'pending'
            ? 'Both sides’ sneakers are locked on the ledger when the trade is accepted.'
            : 'No ledger transaction for this trade.'}
        </p>
      )}
      <p className="text-xs text-muted">
        Each pair can be verified with {VERIFICATION_CHECKS.length} checks (catalogue, style code, size run, condition, price, replica wording, photo
        size, photo originality, owner history and weak warning signs taken together); a pair that fails on evidence is flagged for review.
      </p>
    </section>
  );
}
