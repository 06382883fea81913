import { DAY_MS } from '@soleswap/contracts/time';
import type { VerificationCheck } from '../types';

/** Early-access and friends-and-family pairs ship up to about a month before the public release. */
export const EARLY_ACCESS_DAYS = 30;
/** Fair or worse (6 and under) takes months of wear; on a pair this young it suggests a different, older pair. */
export const HEAVY_WEAR_CONDITION = 6;
export const HEAVY_WEAR_MIN_DAYS = 60;

const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Dates and condition must tell one story: not bought before it was released (beyond early
 * access), not released or bought in the future, and not heavily worn within weeks of getting it.
 * Weight 5: dates are typed from memory and wear varies, so this is the softest signal.
 */
export const conditionAgeCheck: VerificationCheck = {
  name: 'conditionAge',
  weight: 5,
  critical: false,
  run({ listing, release, now }) {
    const purchased = listing.purchaseDate ? new Date(`${listing.purchaseDate}T00:00:00Z`) : null;
    const released = release ? new Date(`${release.releaseDate}T00:00:00Z`) : null;
    const observed = `condition ${listing.condition}/10, bought ${listing.purchaseDate ?? 'on an unknown date'}`;
    const expected = released ? `released ${release!.releaseDate}, today ${isoDay(now)}` : `today ${isoDay(now)}`;
    const fail = (summary: string) => ({ passed: false, evidence: { observed, expected, summary } });

    if (released && released > now) return fail('The release date is still ahead, so no one owns a pair yet.');
    if (purchased && purchased > now) return fail('The purchase date is in the future.');
    if (purchased && released && daysBetween(purchased, released) > EARLY_ACCESS_DAYS) {
      return fail('Bought well before the pair was released.');
    }
    const ownedSince = purchased ?? released;
    if (!ownedSince) return fail('No purchase or release date to compare the condition with.');
    const ageDays = daysBetween(ownedSince, now);
    if (Number(listing.condition) <= HEAVY_WEAR_CONDITION && ageDays < HEAVY_WEAR_MIN_DAYS) {
      return fail(`Condition ${listing.condition}/10 after only ${ageDays} days is more wear than a pair this new shows.`);
    }
    return { passed: true, evidence: { observed, expected, summary: `Condition ${listing.condition}/10 fits a pair ${ageDays} days old.` } };
  },
};
