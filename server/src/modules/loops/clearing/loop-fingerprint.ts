import { createHash } from 'node:crypto';
import type { Id, Listing, Want } from './clearing.types';

/** One step of a loop as its fingerprint reads it: who gives which pair to whom, for which want. */
export interface FingerprintStep {
  giverId: Id;
  receiverId: Id;
  listing: Listing;
  want: Want;
}

/**
 * What a loop is, as a short string: its members in giving order, each pair passed with what the
 * engine read of it (release, size, condition, value) and the receiver's want it meets (sizes,
 * lowest condition, cap, rank). A declined loop is not proposed again while the market would give
 * the very same fingerprint; any change to one of its pairs or wants (or a different pair, or
 * member) gives another. The steps are rotated to start at the smallest pair id, so where the
 * engine starts the cycle does not matter.
 */
export function loopFingerprint(steps: readonly FingerprintStep[]): string {
  const parts = steps.map(({ giverId, receiverId, listing: l, want: w }) =>
    JSON.stringify([
      String(giverId),
      String(receiverId),
      String(l.pairId),
      String(l.releaseId),
      l.size,
      l.condition,
      l.valueCents,
      String(w.wantId),
      [...w.sizes].sort(),
      w.minCondition,
      w.maxValueCents,
      w.rank,
    ]),
  );
  const ids = steps.map((s) => String(s.listing.pairId));
  const start = ids.indexOf([...ids].sort()[0]!);
  const rotated = [...parts.slice(start), ...parts.slice(0, start)];
  return createHash('sha256').update(rotated.join('\n')).digest('hex');
}
