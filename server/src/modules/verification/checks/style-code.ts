import type { VerificationCheck } from '../types';
import { normalizeStyleCode, styleCodeFormat } from './style-code-formats';

/**
 * The style code must have its brand's shape and, with a linked release, be that release's code.
 * Critical, weight 10: a code in no format of the brand is invented, and another release's code on
 * this release is the label of a different shoe; both are how replicas are sold. A listing with no
 * code at all has nothing to contradict, so that only lowers the score.
 */
export const styleCodeCheck: VerificationCheck = {
  name: 'styleCode',
  weight: 10,
  critical: true,
  run({ listing, release }) {
    const format = styleCodeFormat(listing.brand);
    const expected = release ? `${release.styleCode} (the linked release)` : `${listing.brand}: ${format.description}`;
    if (!listing.styleCode?.trim()) {
      return { passed: false, vetoes: false, evidence: { observed: 'no style code', expected, summary: 'No style code was given to check.' } };
    }
    const code = normalizeStyleCode(listing.styleCode);
    const observed = `style code ${code}`;
    if (!format.pattern.test(code)) {
      return {
        passed: false,
        evidence: { observed, expected: `${listing.brand}: ${format.description}`, summary: `${code} is not a ${listing.brand} style code.` },
      };
    }
    if (release && normalizeStyleCode(release.styleCode) !== code) {
      return { passed: false, evidence: { observed, expected, summary: `${code} is not the linked release's style code.` } };
    }
    return { passed: true, evidence: { observed, expected, summary: `${code} is a valid ${listing.brand} style code.` } };
  },
};
