import type { VerificationCheck } from '../types';
import { colours, sameModel } from './text-match';

/**
 * Brand, model and colorway against the linked catalogue release. Weight 15: the release is the
 * reference every other comparison leans on, but a pair missing from a top-100 catalogue is not
 * a fake, so failing it lowers the score without vetoing authenticity.
 */
export const catalogMatchCheck: VerificationCheck = {
  name: 'catalogMatch',
  weight: 15,
  critical: false,
  run({ listing, release }) {
    const observed = `${listing.brand} ${listing.model}, ${listing.colorway ?? 'no colorway'}`;
    if (!release) {
      return {
        passed: false,
        evidence: { observed, expected: 'a catalogue release', summary: 'Not linked to a catalogue release, so nothing confirms what it is.' },
      };
    }
    const expected = `${release.brand} ${release.model}, ${release.colorway}`;
    const releaseColours = colours(release.colorway);
    const listingColours = listing.colorway ? colours(listing.colorway) : [];
    const mismatches = [
      listing.brand.toLowerCase() !== release.brand.toLowerCase() && 'brand',
      !sameModel(listing.model, release.model) && 'model',
      (listingColours.length === 0 || !listingColours.every((c) => releaseColours.includes(c))) && 'colorway',
    ].filter((m): m is string => Boolean(m));
    return {
      passed: mismatches.length === 0,
      evidence: {
        observed,
        expected,
        summary:
          mismatches.length === 0
            ? 'Brand, model and colorway match the catalogue release.'
            : `The ${mismatches.join(', ')} ${mismatches.length === 1 ? 'differs' : 'differ'} from the catalogue release.`,
      },
    };
  },
};
