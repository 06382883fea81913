import { tradeValueCents as sharedTradeValueCents, type ValuedPair } from '@soleswap/contracts/pair-value';
import type { InspectionConfig } from '@soleswap/contracts/inspection';

/** How the "via authentication" checkbox shows: not at all (no centre), as a free choice, or required by the operator. */
export type AuthenticationChoice = 'hidden' | 'optional' | 'required';

/**
 * A trade's value as the server weighs it for the centre's threshold: the larger side, each pair by
 * the one valuation (contracts/src/pair-value.ts), in integer cents, the value the meter shows.
 */
export function tradeValueCents(sides: ReadonlyArray<readonly ValuedPair[]>): number {
  return sharedTradeValueCents(sides.map((pairs) => ({ pairs })));
}

/** docs/rules/inspection.md#which-trades: only with a centre; required above the operator's value. */
export function authenticationChoice(config: InspectionConfig | undefined, valueCents: number): AuthenticationChoice {
  if (!config?.hasCentre) return 'hidden';
  return config.requiredAboveCents !== null && valueCents > config.requiredAboveCents ? 'required' : 'optional';
}
