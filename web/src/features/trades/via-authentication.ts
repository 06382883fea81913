import type { InspectionConfig } from '@soleswap/contracts/inspection';

/** How the "via authentication" checkbox shows: not at all (no centre), as a free choice, or required by the operator. */
export type AuthenticationChoice = 'hidden' | 'optional' | 'required';

/** A trade's value as the server weighs it: the larger side, by the owners' estimates, in cents. */
export function tradeValueCents(sides: Array<Array<{ estimatedValue: string | number }>>): number {
  return Math.max(0, ...sides.map((pairs) => pairs.reduce((total, pair) => total + Math.round(Number(pair.estimatedValue) * 100), 0)));
}

/** docs/rules/inspection.md#which-trades: only with a centre; required above the operator's value. */
export function authenticationChoice(config: InspectionConfig | undefined, valueCents: number): AuthenticationChoice {
  if (!config?.hasCentre) return 'hidden';
  return config.requiredAboveCents !== null && valueCents > config.requiredAboveCents ? 'required' : 'optional';
}
