import { z } from 'zod';
import type { CatalogQuery, CatalogRelease } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { containsPattern, tokenizeQuery } from '../../db/search-text';
import { findReleasePage, toCatalogRelease as toRelease } from './catalog.repository';

// Both are int4 columns: a forged cursor beyond that range is refused here, not by the database.
const INT4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const CursorSchema = z.object({ r: INT4, i: INT4.positive() });

/**
 * The library list (GET /api/catalog): every search word must appear in the name, brand, model,
 * colorway or style code (case-insensitive substring; see docs/rules/sneakers.md#the-catalogue); exact brand; most popular first.
 */
export async function findCatalogReleases(ctx: AppContext, query: CatalogQuery): Promise<{ releases: CatalogRelease[]; nextCursor: string | null }> {
  let after: { rank: number; id: number } | undefined;
  if (query.cursor) {
    const parsed = CursorSchema.safeParse(decodeOpaqueCursor(query.cursor));
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
    after = { rank: parsed.data.r, id: parsed.data.i };
  }
  const rows = await findReleasePage(ctx.db, {
    patterns: tokenizeQuery(query.q).map(containsPattern),
    brand: query.brand,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    releases: page.map(toRelease),
    nextCursor: rows.length > query.limit && last ? encodeOpaqueCursor({ r: last.popularityRank, i: last.id }) : null,
  };
}
