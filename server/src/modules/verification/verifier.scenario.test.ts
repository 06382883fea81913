import { verificationLabel } from '@soleswap/contracts/verification';
import { describe, expect, it } from 'vitest';
import { CATALOG_RELEASES } from '../catalog/data/releases';
import { fingerprintImage } from '../uploads/image-fingerprint';
import { InternalMarketSource } from './internal-market-source';
import { reposted, syntheticPhoto } from './test-support/pictures';
import type { OtherListingImage, ReleaseFacts, VerificationInput } from './types';
import { verifySneaker } from './verifier';

const now = new Date('2025-06-01T12:00:00Z');
const seed = CATALOG_RELEASES.find((r) => r.styleCode === 'FV5029-006')!;
const release: ReleaseFacts = { ...seed, sizes: seed.sizes };
const toCents = (dollars: number) => Math.round(dollars * 100);

/** The internal source over this release's catalogue prices and two recent trades on the platform. */
const marketData = new InternalMarketSource(
  async () => ({
    catalog: { lastCents: toCents(seed.marketPrice), lowCents: toCents(seed.priceRangeLow), highCents: toCents(seed.priceRangeHigh) },
    trades: [
      { valueCents: toCents(seed.marketPrice) + 1_000, completedAt: new Date('2025-05-20T00:00:00Z') },
      { valueCents: toCents(seed.marketPrice) - 1_000, completedAt: new Date('2025-04-02T00:00:00Z') },
    ],
  }),
  () => now,
);
const marketQuery = { catalogReleaseId: 1, brand: seed.brand, model: seed.model, colorway: seed.colorway, styleCode: seed.styleCode };

async function listingFacts(photo: Buffer, overrides: Partial<VerificationInput['listing']>, others: OtherListingImage[]) {
  const { width, height, fingerprint } = await fingerprintImage(photo);
  const facts: Omit<VerificationInput, 'market'> = {
    listing: {
      ownerId: 'member-a',
      name: seed.name,
      brand: seed.brand,
      model: `${seed.model} Retro`,
      colorway: seed.colorway,
      size: '10.5',
      condition: '9',
      estimatedValueCents: toCents(seed.marketPrice),
      styleCode: seed.styleCode,
      purchaseDate: seed.releaseDate,
      description: null,
      ...overrides,
    },
    release,
    images: [{ kind: 'photo', width, height, fingerprint }],
    otherListingImages: others,
    owner: { accountCreatedAt: new Date('2024-01-10T00:00:00Z'), completedTrades: 3, reputation: '4.70' },
    now,
  };
  return facts;
}

describe('verifying whole listings', () => {
  it('authenticates a catalogue-matched pair at a fair price with an original photo, with a market price and range', async () => {
    const theirPhoto = await fingerprintImage(await syntheticPhoto(21));
    const others = [{ sneakerId: 5, ownerId: 'member-b', fingerprint: theirPhoto.fingerprint }];
    const facts = await listingFacts(await syntheticPhoto(22), {}, others);

    const result = await verifySneaker({ facts, marketQuery, marketData });

    expect(result.isAuthentic).toBe(true);
    expect(result.verificationScore).toBe('1.00');
    expect(verificationLabel({ isVerified: result.isAuthentic, verificationScore: result.verificationScore })).toBe('Authenticated');
    expect(result.source).toBe('internal');
    const [market, low, high] = [result.marketPrice, result.priceRange!.low, result.priceRange!.high].map(Number);
    expect(low).toBeLessThanOrEqual(market!);
    expect(market).toBeLessThanOrEqual(high!);
    // The catalogue's last sale, nudged a little by the two recent trades around it.
    expect(Math.abs(market! - seed.marketPrice)).toBeLessThan(10);
  });

  it('flags a far-below-market pair with an unknown style code and a reused photo, naming those checks', async () => {
    const stolen = await syntheticPhoto(23, 1600, 1200);
    const victim = await fingerprintImage(stolen);
    const others = [{ sneakerId: 77, ownerId: 'member-b', fingerprint: victim.fingerprint }];
    const facts = await listingFacts(
      await reposted(stolen, 900),
      { ownerId: 'member-c', styleCode: 'AJ4-BC-2024', estimatedValueCents: toCents(seed.marketPrice / 4) },
      others,
    );

    const result = await verifySneaker({ facts, marketQuery, marketData });

    expect(result.isAuthentic).toBe(false);
    const failed = result.checks.filter((c) => !c.passed).map((c) => c.name);
    expect(failed).toEqual(['styleCode', 'valuePlausibility', 'imageOriginal']);
    expect(result.verificationDetails).toMatchObject({ styleCode: false, valuePlausibility: false, imageOriginal: false, catalogMatch: true });
    expect(result.checks.find((c) => c.name === 'imageOriginal')!.evidence.summary).toMatch(/sneaker #77/);
    expect(result.checks.find((c) => c.name === 'valuePlausibility')!.evidence.summary).toMatch(/far below the market/);
    expect(result.checks.find((c) => c.name === 'styleCode')!.evidence.observed).toBe('style code AJ4-BC-2024');
    expect(Number(result.verificationScore)).toBeLessThan(0.75);
  });
});
