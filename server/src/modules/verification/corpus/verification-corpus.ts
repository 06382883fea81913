import { DAY_MS } from '@soleswap/contracts/time';
import sharp from 'sharp';
import { SIZES } from '@soleswap/contracts/sneakers';
import { THUMBNAIL_EDGE } from '@soleswap/contracts/uploads';
import { CATALOG_RELEASES } from '../../catalog/data/releases';
import type { CatalogReleaseSeed } from '../../catalog/catalog-release-seed';
import { fingerprintImage } from '../../uploads/image-fingerprint';
import { generatedPhoto, PHOTO_DISGUISES, seededRandom } from '../test-support/generated-photo';
import type { OtherListingImage, PhotoFacts, VerificationInput } from '../types';

/**
 * The labelled corpus the verifier is measured on (verification-corpus.test.ts): HONEST_COUNT
 * honest listings and SUSPICIOUS_COUNT suspicious ones, generated from the shipped catalogue so
 * they span every brand, each with its own generated photo (genuinely different pictures, drawn
 * from the listing's seed). Deterministic: the same corpus on every run and machine.
 *
 * Honest listings vary as real ones do: brand-new members and established ones, conditions 7 to
 * 10 with estimates around the wear-scaled market price (down to a fifth under it), a missing style
 * code, a missing purchase date, a small but usable photo, descriptions that say "no reps" or "no
 * box" on a worn pair. Suspicious ones are ten of each kind the issue names: a price far under the
 * market, another member's photo disguised, a style code in no format of the brand or of another
 * release, a size outside the run, a photo below usable resolution, and replica wording.
 */
export const HONEST_COUNT = 60;
export const SUSPICIOUS_COUNT = 60;

export const SUSPICIOUS_KINDS = ['price', 'borrowedPhoto', 'styleCode', 'sizeRun', 'tinyPhoto', 'replicaWording'] as const;
export type SuspiciousKind = (typeof SUSPICIOUS_KINDS)[number];

export interface CorpusEntry {
  id: string;
  label: 'honest' | 'suspicious';
  kind: SuspiciousKind | 'honest';
  brand: string;
  input: VerificationInput;
}

const NOW = new Date('2025-12-01T12:00:00Z');

const HONEST_WORDS = [
  'Worn a handful of times, cleaned after every wear. Original box.',
  'Deadstock with the original box and receipt.',
  '100% authentic, no reps. Bought from the brand store, receipt included.',
  'Light creasing on the toe box, soles still crisp.',
  'Worn maybe ten times, no box (lost in a move).',
  null,
  'Tried on indoors once.',
  'From the first batch of the restock; comes with extra laces.',
];
const REPLICA_WORDS = [
  'UA 1:1 replica, best batch',
  'Top tier reps, PK batch, ships fast',
  'LJR batch, looks exactly retail',
  '1:1 quality, comes without box. Deadstock.',
  'Mirror quality, unbeatable price',
  'AAA+ copy, all sizes available',
  'Unauthorized authentic pair, GX batch',
  'rep pair, nobody can tell',
  'OG batch, brand new, no box',
  'H12 batch, perfect shape',
];
const CONDITIONS = ['10', '9.5', '9', '8.5', '8', '7'];

/** Listing sizes from SIZES the release was not made in, nearest the run first. */
function sizeOutsideRun(release: CatalogReleaseSeed, pick: number): string {
  const outside = SIZES.filter((s) => !release.sizes.includes(s as never));
  return outside[pick % outside.length]!;
}

/** Another release's style code of the same brand, or one in no format of the brand. */
function wrongStyleCode(release: CatalogReleaseSeed, pick: number): string {
  const invented = ['XX-123', 'AJ4-BRED-2024', '12345', 'ABC-DEF', 'FAKE01X'];
  if (pick % 2 === 0) return invented[(pick / 2) % invented.length]!;
  const sameBrand = CATALOG_RELEASES.filter((r) => r.brand === release.brand && r.styleCode !== release.styleCode);
  return sameBrand.length > 0 ? sameBrand[pick % sameBrand.length]!.styleCode : invented[0]!;
}

/** The stored thumbnail the upload pipeline fingerprints, and the photo's own size. */
async function photoFacts(photo: Buffer): Promise<PhotoFacts> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const thumbnail = await sharp(photo)
    .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { kind: 'photo', width, height, fingerprint: (await fingerprintImage(thumbnail)).fingerprint };
}

function baseInput(release: CatalogReleaseSeed, random: () => number, ownerId: string, isNewMember: boolean): Omit<VerificationInput, 'images'> {
  const condition = CONDITIONS[Math.floor(random() * CONDITIONS.length)]!;
  const wear = Math.min(1, 1 - (10 - Number(condition)) * 0.1);
  // Honest members estimate around the wear-scaled market price: a fifth under to a tenth over.
  const estimate = Math.round(release.marketPrice * 100 * wear * (0.8 + random() * 0.3));
  const releaseDay = new Date(`${release.releaseDate}T00:00:00Z`);
  const boughtDays = Math.floor(random() * 200);
  const purchaseDate =
    random() < 0.25 ? null : new Date(Math.min(releaseDay.getTime() + boughtDays * DAY_MS, NOW.getTime() - 90 * DAY_MS)).toISOString().slice(0, 10);
  return {
    listing: {
      ownerId,
      name: release.name,
      brand: release.brand,
      model: random() < 0.5 ? release.model : `${release.model} Retro`,
      colorway: release.colorway,
      size: release.sizes[Math.floor(random() * release.sizes.length)]!,
      condition,
      estimatedValueCents: estimate,
      styleCode: random() < 0.15 ? null : release.styleCode,
      purchaseDate: purchaseDate && purchaseDate >= release.releaseDate ? purchaseDate : null,
      description: HONEST_WORDS[Math.floor(random() * HONEST_WORDS.length)]!,
    },
    release: { ...release, sizes: release.sizes },
    otherListingImages: [],
    owner: isNewMember
      ? { accountCreatedAt: new Date(NOW.getTime() - DAY_MS), completedTrades: 0, reputation: '0.00' }
      : { accountCreatedAt: new Date('2023-03-01T00:00:00Z'), completedTrades: 1 + Math.floor(random() * 20), reputation: '4.70' },
    market: { marketPrice: release.marketPrice * 100, low: release.priceRangeLow * 100, high: release.priceRangeHigh * 100, source: 'internal' },
    now: NOW,
  };
}

/** Builds the corpus (renders and fingerprints its 120 photos: allow a minute or two). */
export async function buildVerificationCorpus(): Promise<CorpusEntry[]> {
  const releases = CATALOG_RELEASES.filter((r) => new Date(`${r.releaseDate}T00:00:00Z`) < NOW);
  const entries: CorpusEntry[] = [];
  // Photos listed so far, by whom: each listing is compared with every earlier one of another member.
  const listed: OtherListingImage[] = [];
  const honestPhotos: Buffer[] = [];

  for (let i = 0; i < HONEST_COUNT; i++) {
    const release = releases[(i * 7) % releases.length]!;
    const random = seededRandom(1_000 + i);
    const small = i % 12 === 5; // a small but usable phone photo now and then
    const photo = await generatedPhoto(10_000 + i, small ? 360 : 640 + (i % 3) * 160, small ? 270 : 480 + (i % 3) * 120);
    honestPhotos.push(photo);
    const facts = await photoFacts(photo);
    const base = baseInput(release, random, `honest-${i}`, i % 2 === 0);
    entries.push({
      id: `honest-${i}`,
      label: 'honest',
      kind: 'honest',
      brand: release.brand,
      input: { ...base, images: [facts], otherListingImages: [...listed] },
    });
    listed.push({ sneakerId: i + 1, ownerId: `honest-${i}`, fingerprint: facts.fingerprint });
  }

  const disguises = Object.values(PHOTO_DISGUISES);
  for (let i = 0; i < SUSPICIOUS_COUNT; i++) {
    const kind = SUSPICIOUS_KINDS[i % SUSPICIOUS_KINDS.length]!;
    const pick = Math.floor(i / SUSPICIOUS_KINDS.length);
    const release = releases[(i * 11 + 3) % releases.length]!;
    const random = seededRandom(2_000 + i);
    const base = baseInput(release, random, `suspect-${i}`, i % 3 !== 0);
    let photo: Buffer;
    if (kind === 'borrowedPhoto') photo = await disguises[pick % disguises.length]!(honestPhotos[(pick * 5) % honestPhotos.length]!);
    else if (kind === 'tinyPhoto')
      photo = await sharp(await generatedPhoto(20_000 + i, 640, 480))
        .resize([96, 120, 200, 160][pick % 4])
        .jpeg()
        .toBuffer();
    else photo = await generatedPhoto(20_000 + i, 800, 600);
    const listing = { ...base.listing };
    if (kind === 'price') {
      // Replicas sell at a third to a half of the market, whatever condition they are said to be in.
      listing.condition = ['10', '9.5', '9'][pick % 3]!;
      listing.estimatedValueCents = Math.round(release.priceRangeLow * 100 * (0.3 + random() * 0.2));
    }
    if (kind === 'styleCode') listing.styleCode = wrongStyleCode(release, pick);
    if (kind === 'sizeRun') listing.size = sizeOutsideRun(release, pick);
    if (kind === 'replicaWording') listing.description = REPLICA_WORDS[pick % REPLICA_WORDS.length]!;
    entries.push({
      id: `suspect-${i}-${kind}`,
      label: 'suspicious',
      kind,
      brand: release.brand,
      input: { ...base, listing, images: [await photoFacts(photo)], otherListingImages: [...listed] },
    });
  }
  return entries;
}
