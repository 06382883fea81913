import type { VerificationCheck } from '../types';

/**
 * The size must be one the release was made in. Critical, weight 10: a size the factory never
 * produced (a US 4 of a release made from 7) cannot be a real pair of that release, which is why
 * replica sellers, who print any size, are caught by it. Without a linked release there is no run
 * to compare with, and that only lowers the score.
 */
export const sizeRunCheck: VerificationCheck = {
  name: 'sizeRun',
  weight: 10,
  critical: true,
  run({ listing, release }) {
    const observed = `US ${listing.size}`;
    if (!release || release.sizes.length === 0) {
      return { passed: false, vetoes: false, evidence: { observed, expected: "the release's size run", summary: 'No size run to compare with.' } };
    }
    const expected = `US ${release.sizes[0]} to ${release.sizes[release.sizes.length - 1]}`;
    const passed = release.sizes.some((s) => Number(s) === Number(listing.size));
    return {
      passed,
      evidence: {
        observed,
        expected,
        summary: passed ? 'The release was made in this size.' : `The release was not made in US ${listing.size}: no real pair exists in this size.`,
      },
    };
  },
};
