import type { AppContext } from '../../context';
import { findAllReleases, type CatalogReleaseRow } from './catalog.repository';
import { catalogueSpelling, rankReleases, suggestQuery, type RankedRelease } from './release-matcher';

/**
 * One search behaviour everywhere: the library, the Add Sneaker and wantlist pickers (GET
 * /api/catalog?q=) and browse (the sneakers lists) all resolve a query against the catalogue
 * here (release-matcher.ts), so the same words find the same releases, and browse lists the
 * listings of those releases. The catalogue is about a hundred rows: it is read once and kept in
 * memory for CACHE_MS (Update Library clears it), so a search reads no table for it.
 */

const CACHE_MS = 60_000;

interface Cached {
  releases: CatalogReleaseRow[];
  at: number;
  generation: number;
}

/** Per database (each test app has its own). */
const cached = new WeakMap<object, Cached>();
/** Bumped by Update Library, which may run inside a transaction (another db object). */
let generation = 0;

async function catalogue(ctx: AppContext): Promise<CatalogReleaseRow[]> {
  const hit = cached.get(ctx.db);
  const now = Date.now();
  if (hit && hit.generation === generation && now - hit.at < CACHE_MS) return hit.releases;
  const releases = await findAllReleases(ctx.db);
  cached.set(ctx.db, { releases, at: now, generation });
  return releases;
}

/** Forgets every catalogue read, after Update Library changed it. */
export function forgetCatalogue(): void {
  generation++;
}

/** The releases matching `q`, best first, and a spelling to suggest when none does. */
export async function searchCatalogue(
  ctx: AppContext,
  q: string,
): Promise<{ ranked: Array<RankedRelease<CatalogReleaseRow>>; suggestion: string | null }> {
  const releases = await catalogue(ctx);
  const ranked = rankReleases(releases, q);
  return { ranked, suggestion: ranked.length ? null : suggestQuery(releases, q) };
}

/**
 * Releases whose listings a listing search shows, at most: the releases matching every word (or,
 * when none does, the library's first five for the query).
 */
export const MAX_LISTING_RELEASES = 12;

/**
 * What a listing search looks for. When the words name a few releases (at most
 * MAX_LISTING_RELEASES match every word): those releases, whose listings are found by
 * catalog_release_id, and the words in the catalogue's spelling, for the listings that hold them.
 * Words that name many releases ("black") or none are searched as typed, as before.
 */
export async function resolveListingSearch(ctx: AppContext, q: string): Promise<{ releaseIds: number[]; words: string[] } | null> {
  const releases = await catalogue(ctx);
  const ranked = rankReleases(releases, q);
  const complete = ranked.filter((r) => r.complete);
  if (ranked.length === 0 || complete.length > MAX_LISTING_RELEASES) return null;
  // Releases missing a word only when none has them all (and then the library's first five).
  const named = complete.length ? complete : ranked.slice(0, 5);
  return { releaseIds: named.map((r) => r.release.id), words: catalogueSpelling(releases, q) };
}
