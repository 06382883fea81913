import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import type { Verdict } from '@soleswap/contracts/verification-values';

/** The pairs of a trade that verification flagged for review, by the verdict the API sends. */
export function flaggedPairs<T extends { id: number; name: string; verdict: Verdict }>(sneakers: readonly T[]): T[] {
  return sneakers.filter((s) => s.verdict.status === 'flagged');
}

/**
 * The warning and the checkbox a flagged pair asks for before a proposal, counter-offer or accept
 * is sent: the server refuses it (409 TRADE_FLAGGED_UNACKNOWLEDGED) without `acknowledgeFlagged`.
 * Renders nothing when no pair is flagged.
 */
export function FlaggedAcknowledgement({
  pairs,
  isChecked,
  onCheckedChange,
}: {
  pairs: ReadonlyArray<{ id: number; name: string }>;
  isChecked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  if (pairs.length === 0) return null;
  const names = pairs.map((p) => p.name).join(', ');
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <p className="flex items-start gap-2 font-semibold text-destructive">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {pairs.length === 1 ? `${names} is flagged for review:` : `${names} are flagged for review:`} the latest verification found it may not be
        authentic.
      </p>
      <label htmlFor={id} className="flex items-center gap-2">
        <input id={id} type="checkbox" checked={isChecked} onChange={(e) => onCheckedChange(e.target.checked)} className="size-4 accent-current" />I
        have seen the flag and want to go ahead
      </label>
    </div>
  );
}
