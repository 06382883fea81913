import type { VerificationCheck } from '../types';

/**
 * The size must be one the release was made in. Weight 10: sizes never produced are a classic
 * sign of a replica, but the catalogue's size runs are typical runs rather than factory lists, so
 * it does not veto on its own.
 */
export const sizeRunCheck: VerificationCheck = {
  name: 'sizeRun',
  weight: 10,
  critical: false,
  run({ listing, release }) {
    const observed = `US ${listing.size}`;
    if (!release || release.sizes.length === 0) {
      return { passed: false, evidence: { observed, expected: "the release's size run", summary: 'No size run to compare with.' } };
    }
    const expected = `US ${release.sizes[0]} to ${release.sizes[release.sizes.length - 1]}`;
    const passed = release.sizes.some((s) => Number(s) === Number(listing.size));
    return {
      passed,
      evidence: {
        observed,
        expected,
        summary: passed ? 'The release was made in this size.' : `The release was not made in US ${listing.size}.`,
      },
    };
  },
};
