import type { VerificationCheckName, VerificationEvidence } from '@soleswap/contracts/verification';
import type { MarketQuote } from './market-data-source';

/** The listing as the member described it. */
export interface ListingFacts {
  ownerId: string;
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

/**
 * The listing's picture: a photo with its measured size and fingerprint (see uploads/image-fingerprint.ts),
 * the release's generated artwork (not a photo of this pair), or nothing.
 */
export type ImageFacts = { kind: 'photo'; width: number; height: number; fingerprint: string } | { kind: 'artwork' } | null;

/** A picture of another listing, to catch a photo lifted from someone else. */
export interface OtherListingImage {
  sneakerId: number;
  ownerId: string;
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
  image: ImageFacts;
  otherListingImages: readonly OtherListingImage[];
  owner: OwnerFacts;
  market: MarketQuote | null;
  now: Date;
}

export interface CheckOutcome {
  passed: boolean;
  evidence: VerificationEvidence;
}

/** One named check: a pure function of the input, its share of the score, and whether failing it vetoes authenticity. */
export interface VerificationCheck {
  name: VerificationCheckName;
  /** Relative weight; the verifier divides by the sum of all weights. */
  weight: number;
  critical: boolean;
  run(input: VerificationInput): CheckOutcome;
}
