import { z } from 'zod';
import type { CatalogQuery, CatalogRelease } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { findReleasePage, toCatalogRelease as toRelease } from './catalog.repository';
import { searchCatalogue } from './catalog-search';

// Both are int4 columns: a forged cursor beyond that range is refused here, not by the database.
const INT4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const CursorSchema = z.object({ r: INT4, i: INT4.positive() });
/** A page of a search: how many of the ranked releases came before it. */
const RankedCursorSchema = z.object({ o: z.number().int().positive().max(10_000) });

const invalidCursor = () => new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });

export interface CatalogPage {
  releases: CatalogRelease[];
  nextCursor: string | null;
  /** When a search found nothing: a spelling that finds something ("did you mean"), else null. */
  suggestion: string | null;
}

/**
 * The library list (GET /api/catalog). Without words: every release (or a brand's), most popular
 * first. With words: the catalogue search every search box shares (catalog-search.ts,
 * docs/rules/sneakers.md#searching): aliases, typos, number words; style code and exact phrase
 * first, then how well the words matched, then popularity.
 */
export async function findCatalogReleases(ctx: AppContext, query: CatalogQuery): Promise<CatalogPage> {
  const decoded = query.cursor ? decodeOpaqueCursor(query.cursor) : undefined;
  if (query.q?.trim()) {
    const parsed = query.cursor ? RankedCursorSchema.safeParse(decoded) : undefined;
    if (parsed && !parsed.success) throw invalidCursor();
    const offset = parsed?.data.o ?? 0;
    const { ranked, suggestion } = await searchCatalogue(ctx, query.q);
    const matching = query.brand ? ranked.filter((r) => r.release.brand === query.brand) : ranked;
    const page = matching.slice(offset, offset + query.limit);
    const more = matching.length > offset + query.limit;
    return {
      releases: page.map((r) => toRelease(r.release)),
      nextCursor: more ? encodeOpaqueCursor({ o: offset + query.limit }) : null,
      suggestion: matching.length ? null : suggestion,
    };
  }
  let after: { rank: number; id: number } | undefined;
  if (query.cursor) {
    const parsed = CursorSchema.safeParse(decoded);
    if (!parsed.success) throw invalidCursor();
    after = { rank: parsed.data.r, id: parsed.data.i };
  }
  const rows = await findReleasePage(ctx.db, { patterns: [], brand: query.brand, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    releases: page.map(toRelease),
    nextCursor: rows.length > query.limit && last ? encodeOpaqueCursor({ r: last.popularityRank, i: last.id }) : null,
    suggestion: null,
  };
}
