import type { ListingFacts, ReleaseFacts, VerificationInput } from '../types';

export type InputOverrides = Partial<Omit<VerificationInput, 'listing' | 'release'>> & {
  listing?: Partial<ListingFacts>;
  release?: Partial<ReleaseFacts> | null;
};

const AJ4_RUN = ['7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '12.5', '13', '14', '15'];

/** A catalogue-matched Jordan 4 listed at a fair price by an established member; override what a test is about. */
export function buildInput({ listing, release, ...rest }: InputOverrides = {}): VerificationInput {
  return {
    listing: {
      ownerId: 'owner-1',
      name: "Air Jordan 4 Retro 'Bred Reimagined'",
      brand: 'Jordan',
      model: 'Air Jordan 4 Retro',
      colorway: 'Black/Cement Grey',
      size: '10',
      condition: '9.5',
      estimatedValueCents: 24_000,
      styleCode: 'FV5029-006',
      purchaseDate: '2024-03-01',
      description: 'Worn a handful of times, cleaned after every wear. Original box.',
      ...listing,
    },
    release:
      release === null
        ? null
        : {
            brand: 'Jordan',
            model: 'Air Jordan 4',
            colorway: 'Black/Cement Grey/Summit White/Fire Red',
            styleCode: 'FV5029-006',
            releaseDate: '2024-02-17',
            sizes: AJ4_RUN,
            ...release,
          },
    images: [{ kind: 'photo', width: 1200, height: 900, fingerprint: 'ffff0000ffff0000ffff0000ffff0000' }],
    otherListingImages: [],
    owner: { accountCreatedAt: new Date('2023-01-01T00:00:00Z'), completedTrades: 4, reputation: '4.60' },
    market: { marketPrice: 25_000, low: 21_000, high: 32_000, source: 'internal' },
    now: new Date('2025-06-01T12:00:00Z'),
    ...rest,
  };
}
