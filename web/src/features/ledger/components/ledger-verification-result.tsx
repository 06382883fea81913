import type { LedgerVerification } from '@soleswap/contracts/ledger';
import { CircleCheck, CircleX } from 'lucide-react';
import { shortenHash } from '../../../lib/format';

/** 'Chain verified: N entries checked' in green, or the first broken link in red. */
export function LedgerVerificationResult({ verification }: { verification: LedgerVerification }) {
  if (verification.valid) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl border border-success/40 bg-success/10 p-3 text-sm font-semibold text-success">
        <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
        Chain verified: {verification.checked} {verification.checked === 1 ? 'entry' : 'entries'} checked
      </p>
    );
  }
  const broken = verification.brokenAt;
  return (
    <div role="alert" className="flex flex-col gap-1 rounded-xl border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
      <p className="flex items-center gap-2 font-semibold">
        <CircleX className="size-5 shrink-0" aria-hidden="true" />
        {broken ? `Broken link at entry #${broken.id}` : 'The chain does not verify'}
      </p>
      {broken ? (
        <p className="text-xs break-all">
          {broken.reason === 'prevHash'
            ? 'It does not point at the previous entry’s hash'
            : broken.reason === 'commitment'
              ? 'Its private details no longer match its public commitment'
              : 'Its content does not hash to the stored hash'}
          : expected <code className="font-mono">{shortenHash(broken.expectedHash)}</code>, found{' '}
          <code className="font-mono">{shortenHash(broken.actualHash)}</code>. {verification.checked} entries checked.
        </p>
      ) : null}
    </div>
  );
}
