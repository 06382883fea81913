import type { VerificationCheck, VerificationInput } from '../types';
import { readListingClaims } from '../wording/listing-claims';
import { listingText } from '../wording/listing-text';
import { ambiguousTerms, listingTermUses } from './listing-wording';
import { isNewAccount } from './owner-history';
import { priceBand, pricedCondition } from './value-plausibility';

/** Points at which weak signs together flag a pair (docs/rules/verification.md, "Warning signs together"). */
export const WARNING_POINTS_TO_FLAG = 3;
/** At most this many points come from ambiguous trade words, however many the listing uses. */
const MAX_WORDING_POINTS = 2;

export interface WarningSign {
  sign: string;
  points: number;
}

/** A condition of 9 and up, picked or claimed in the words: a pair sold as (nearly) new. */
const NEARLY_NEW = 9;

/**
 * The weak signs of one listing, each with its points. None alone is evidence of a copy (every
 * honest member starts with a new account; worn pairs lose their boxes; honest members say
 * "god tier"); together they describe how throwaway accounts sell copies.
 */
export function warningSigns({ listing, release, owner, market, now }: VerificationInput): WarningSign[] {
  const signs: WarningSign[] = [];
  const claims = readListingClaims(listingText(listing));
  const picked = Number(listing.condition);
  const { condition } = pricedCondition(listing);
  const nearlyNew = condition >= NEARLY_NEW;

  if (isNewAccount(owner, now)) signs.push({ sign: 'a new account with no completed trade', points: 1 });
  if (market && priceBand(listing, market).band === 'wellUnder') {
    signs.push({ sign: `priced well under the market range for condition ${condition}/10`, points: 1 });
  }
  if (claims.noBox && nearlyNew) signs.push({ sign: `"${claims.noBox}" on a pair sold as new`, points: 1 });
  if (claims.noReceipt && nearlyNew) signs.push({ sign: `"${claims.noReceipt}" on a pair sold as new`, points: 1 });
  if (claims.deadstock && picked <= 8)
    signs.push({ sign: `condition ${listing.condition}/10 picked, but the words say "${claims.deadstock}"`, points: 2 });
  if (claims.wear && picked >= 10) signs.push({ sign: `condition 10/10 picked, but the words say "${claims.wear}"`, points: 1 });
  if (claims.haste) signs.push({ sign: `haste to sell ("${claims.haste}")`, points: 1 });
  if (claims.offPlatform) signs.push({ sign: `payment or contact away from the platform ("${claims.offPlatform}")`, points: 2 });
  if (release && release.sizes.length >= 4) {
    const run = [...release.sizes].map(Number).sort((a, b) => a - b);
    const size = Number(listing.size);
    if (size === run[0] || size === run.at(-1)) signs.push({ sign: `size ${listing.size}, the end of the release's run`, points: 1 });
  }
  const words = ambiguousTerms(listingTermUses(listing)).slice(0, MAX_WORDING_POINTS);
  for (const use of words) signs.push({ sign: `the trade's word "${use.words}"`, points: 1 });
  return signs;
}

/**
 * Weak signs together: a new account, a price well under the range for the pair's condition, no
 * box or no receipt on a pair sold as new, a condition the words contradict, haste, payment away
 * from the platform, a size at the end of the run, the trade's ambiguous words. Each is a point or
 * two; WARNING_POINTS_TO_FLAG together make the pair not authentic. Critical, weight 0: it adds no
 * points of its own (its signs either cost points in their own checks or are too weak to), it only
 * vetoes when they add up.
 */
export const warningSignsCheck: VerificationCheck = {
  name: 'warningSigns',
  weight: 0,
  critical: true,
  run(input) {
    const signs = warningSigns(input);
    const points = signs.reduce((sum, s) => sum + s.points, 0);
    const observed = signs.length === 0 ? 'no warning signs' : signs.map((s) => `${s.sign} (${s.points})`).join('; ');
    const expected = `fewer than ${WARNING_POINTS_TO_FLAG} points of weak warning signs together`;
    if (points >= WARNING_POINTS_TO_FLAG) {
      return {
        passed: false,
        evidence: { observed, expected, summary: `${points} points of warning signs together: each is weak, together they are how copies are sold.` },
      };
    }
    const summary = points === 0 ? 'No warning signs.' : `${points} point${points === 1 ? '' : 's'} of warning signs: not enough together to flag.`;
    return { passed: true, evidence: { observed, expected, summary } };
  },
};
