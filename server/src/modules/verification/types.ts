import type { PhotoMatchEvidence, VerificationCheckName, VerificationEvidence } from '@soleswap/contracts/verification';
import type { MarketQuote } from './market-data-source';

/** The listing as the member described it. */
export interface ListingFacts {
  ownerId: string;
  /** The listing's title as the member typed it. */
  name: string;
  brand: string;
  model: string;
  colorway: string | null;
  /** US size as stored ("9.5"). */
  size: string;
  /** Out of 10 ("9.5"). */
  condition: string;
  estimatedValueCents: number;
  /** The code from the box label or tongue tag, if the member gave one. */
  styleCode: string | null;
  /** YYYY-MM-DD */
  purchaseDate: string | null;
  /** The member's free text about the pair. */
  description: string | null;
}

/** The catalogue release the listing links to. */
export interface ReleaseFacts {
  brand: string;
  model: string;
  colorway: string;
  styleCode: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  sizes: readonly string[];
}

/** A photo of the pair with its measured size and fingerprint (see uploads/image-fingerprint.ts). */
export interface PhotoFacts {
  kind: 'photo';
  width: number;
  height: number;
  fingerprint: string;
  /** When the photo entered the photo index on this listing (first upload wins); absent when not indexed. */
  indexed?: IndexOrder;
}

/** A photo's place in the photo index: the earlier one is the original (uploads/photo-index/). */
export interface IndexOrder {
  seenAt: Date;
  printId: number;
}

/** One picture of the listing: a photo, or the release's generated artwork (not a photo of this pair). */
export type ImageFacts = PhotoFacts | { kind: 'artwork' };

/** A picture of another listing, to catch a photo lifted from someone else. */
export interface OtherListingImage {
  sneakerId: number;
  ownerId: string;
  fingerprint: string;
  /** Its place in the photo index: only a photo indexed before one of ours can be its original. */
  indexed?: IndexOrder;
}

/** A photo of the listing found, by its local features, in another member's earlier photo (uploads/photo-index/find-copied-photos.ts). */
export interface CopiedPhotoFacts {
  /** Index of the copy among the listing's photos (the `images` of kind 'photo'). */
  photo: number;
  sneakerId: number;
  ownerId: string;
  evidence: PhotoMatchEvidence;
}

/** One of the catalogue's own pictures (a release's artwork): a photo matching it is no photo of a pair. */
export interface CatalogImage {
  releaseId: number;
  name: string;
  fingerprint: string;
}

export interface OwnerFacts {
  accountCreatedAt: Date;
  completedTrades: number;
  /** "0.00" (unrated) to "5.00". */
  reputation: string;
}

/** Everything a verification looks at; gathered by the caller, so every check stays a pure function. */
export interface VerificationInput {
  listing: ListingFacts;
  release: ReleaseFacts | null;
  /**
   * Every picture of the listing, cover first; empty when it has none. The photo checks run over
   * all of them: one small or borrowed photo is enough to fail.
   */
  images: readonly ImageFacts[];
  otherListingImages: readonly OtherListingImage[];
  /** The listing's photos found by local features in other members' earlier photos (absent: none). */
  copiedPhotos?: readonly CopiedPhotoFacts[];
  /** The catalogue artworks the photos are compared with (absent: none). */
  catalogImages?: readonly CatalogImage[];
  owner: OwnerFacts;
  market: MarketQuote | null;
  now: Date;
}

export interface CheckOutcome {
  passed: boolean;
  /**
   * For a failed critical check: false when this failure only lowers the score (nothing to
   * compare with, such as no market data or no photo). A critical check's failure vetoes otherwise.
   */
  vetoes?: boolean;
  evidence: VerificationEvidence;
}

/** One named check: a pure function of the input, its share of the score, and whether its failure can veto authenticity. */
export interface VerificationCheck {
  name: VerificationCheckName;
  /** Relative weight; the verifier divides by the sum of all weights. */
  weight: number;
  /** A failure found by a critical check (evidence against the pair, not missing data) makes the pair not authentic whatever the score. */
  critical: boolean;
  run(input: VerificationInput): CheckOutcome;
}
