import type { Sneaker } from '@soleswap/contracts/sneakers';

/** A sneaker as the API returns it; override what a test cares about. */
export function buildSneaker(overrides: Partial<Sneaker> = {}): Sneaker {
  const userId = overrides.userId ?? 'owner-1234567890';
  return {
    id: 1,
    userId,
    catalogReleaseId: null,
    name: 'Air Jordan 1 Retro High OG Chicago',
    brand: 'Jordan',
    model: 'Jordan 1',
    colorway: 'Chicago',
    styleCode: null,
    size: '10.5',
    condition: '9.5',
    estimatedValue: '250.00',
    imageUrl: null,
    thumbnailUrl: null,
    isVerified: false,
    isAvailableForTrade: true,
    isLocked: false,
    // As another member sees it; owner tests pass the actions the server would answer.
    allowedActions: [],
    description: null,
    purchasePrice: null,
    purchaseDate: null,
    verificationScore: null,
    verificationSource: null,
    marketPrice: null,
    priceRangeLow: null,
    priceRangeHigh: null,
    stockxProductId: null,
    goatProductId: null,
    lastVerificationDate: null,
    verificationDetails: null,
    verificationChecks: null,
    verdict: { status: 'not_verified', label: 'Not verified', score: null, date: null, isStale: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    owner: { id: userId, username: null, firstName: null, profileImageUrl: null },
    ...overrides,
  };
}
