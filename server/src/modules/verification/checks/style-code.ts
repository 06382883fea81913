import type { VerificationCheck } from '../types';
import { normalizeStyleCode, styleCodeFormat } from './style-code-formats';

/**
 * The style code must have its brand's shape and, with a linked release, be that release's code.
 * Weight 15: fakes are often sold under invented or mismatched codes, but a member can also
 * mistype one, so it lowers the score rather than vetoing.
 */
export const styleCodeCheck: VerificationCheck = {
  name: 'styleCode',
  weight: 15,
  critical: false,
  run({ listing, release }) {
    const format = styleCodeFormat(listing.brand);
    const expected = release ? `${release.styleCode} (the linked release)` : `${listing.brand}: ${format.description}`;
    if (!listing.styleCode?.trim()) {
      return { passed: false, evidence: { observed: 'no style code', expected, summary: 'No style code was given to check.' } };
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
