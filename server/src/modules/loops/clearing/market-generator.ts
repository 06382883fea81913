import { at, f64At, i32At } from './checked-index';
import type { Listing, Want } from './clearing.types';
import { createPrng, type Prng } from './prng';

/**
 * Seeded synthetic markets for tests and the benchmark. Shaped like a sneaker marketplace:
 * release popularity follows Zipf's law (the top release is listed and wanted far more than the
 * 100th), feet cluster around US 9–11, members mostly list and want their own size, listed pairs
 * are mostly in good condition, and some wants cap the value the member would take.
 */
export interface MarketRelease {
  id: number;
  marketPriceCents: number;
  /** Size run, ascending ("7", "7.5", ...). */
  sizes: readonly string[];
}

export interface MarketSpec {
  members: number;
  pairs: number;
  wants: number;
  seed: number;
  /** Most popular first. */
  releases: readonly MarketRelease[];
  /** Zipf exponent of release popularity; 1 by default. */
  zipf?: number;
}

export interface Market {
  listings: Listing[];
  wants: Want[];
}

export function generateMarket(spec: MarketSpec): Market {
  const rng = createPrng(spec.seed);
  const pickRelease = zipfSampler(spec.releases.length, spec.zipf ?? 1, rng);
  const footSize = Array.from({ length: spec.members }, () => clamp(Math.round((10 + gaussian(rng) * 1.1) * 2) / 2, 6, 14));

  const listings: Listing[] = [];
  for (let i = 0; i < spec.pairs; i++) {
    const owner = rng.int(spec.members);
    const release = at(spec.releases, pickRelease());
    const foot = at(footSize, owner);
    const wanted = rng.next() < 0.75 ? foot : foot + (rng.int(5) - 2) * 0.5;
    const condition = clamp(10 - Math.floor(Math.abs(gaussian(rng)) * 2.2) / 2, 3, 10);
    const valueFactor = (0.55 + 0.045 * condition) * (0.9 + rng.next() * 0.2);
    listings.push({
      pairId: i + 1,
      ownerId: owner + 1,
      releaseId: release.id,
      size: nearestSize(release.sizes, wanted),
      condition,
      valueCents: Math.round((release.marketPriceCents * valueFactor) / 100) * 100,
    });
  }

  const wants: Want[] = [];
  const nextRank = new Int32Array(spec.members);
  const wantedReleases = Array.from({ length: spec.members }, () => new Set<number>());
  for (let i = 0; i < spec.wants; i++) {
    const member = rng.int(spec.members);
    const foot = at(footSize, member);
    const alreadyWanted = at(wantedReleases, member);
    let release = at(spec.releases, pickRelease());
    // A wantlist names a release once; a few retries keep that true without biasing popularity much.
    for (let tries = 0; tries < 5 && alreadyWanted.has(release.id); tries++) release = at(spec.releases, pickRelease());
    if (alreadyWanted.has(release.id)) continue;
    alreadyWanted.add(release.id);
    const own = nearestSize(release.sizes, foot);
    const sizes = new Set([own]);
    if (rng.next() < 0.4) sizes.add(nearestSize(release.sizes, foot + (rng.next() < 0.5 ? -0.5 : 0.5)));
    const roll = rng.next();
    const minCondition = roll < 0.15 ? 6 : roll < 0.75 ? 8 : 9;
    const maxValueCents = rng.next() < 0.3 ? Math.round(release.marketPriceCents * (1 + rng.next() * 0.3)) : null;
    const rank = i32At(nextRank, member) + 1;
    nextRank[member] = rank;
    wants.push({
      wantId: i + 1,
      memberId: member + 1,
      releaseId: release.id,
      sizes: [...sizes],
      minCondition,
      maxValueCents,
      rank,
    });
  }
  return { listings, wants };
}

/** Index sampler with P(k) proportional to 1 / (k + 1)^s, by inverse CDF and binary search. */
function zipfSampler(n: number, s: number, rng: Prng): () => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) cdf[k] = total += 1 / Math.pow(k + 1, s);
  return () => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (f64At(cdf, mid) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function gaussian(rng: Prng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function nearestSize(sizes: readonly string[], target: number): string {
  let best = sizes[0];
  if (best === undefined) throw new Error('invariant: a market release has at least one size');
  for (const size of sizes) if (Math.abs(Number(size) - target) < Math.abs(Number(best) - target)) best = size;
  return best;
}
