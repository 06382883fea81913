import type { ReactNode } from 'react';

/** One labelled line of a ledger entry's description list. */
export function LedgerRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-xs font-bold tracking-wide text-muted uppercase sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

export const monoClasses = 'block font-mono text-xs break-all';
