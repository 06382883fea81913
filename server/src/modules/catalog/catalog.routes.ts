import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CATALOG_SUGGESTION_HEADER,
  CatalogQuerySchema,
  PriceHistoryQuerySchema,
  ReleasePriceLinesQuerySchema,
  type CatalogRelease,
  type PriceHistory,
  type CatalogStats,
  type ReleasePriceLines,
  type SeedCatalogResult,
} from '@soleswap/contracts/catalog';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { requireAdmin } from '../../http/auth';
import { inTransaction } from '../../http/events-after-commit';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { parse } from '../../http/validate';
import { findCatalogReleases } from './find-catalog-releases';
import { getCatalogStats, type MemberSneakerStats } from './get-catalog-stats';
import { getReleaseArtwork } from './get-release-artwork';
import { seedCatalog } from './seed-catalog';
import { getReleasePriceLines, getReleasePrices, type ReleasePriceHistory, type ReleasePriceLinesReader } from './get-release-prices';
import { idParam } from '../../http/id-param';

/** The route's entry in /api/openapi.json. */
const doc = (summary: string, query?: z.ZodType) => ({ config: { openapi: { summary, ...(query ? { query } : {}) } } });

/** Price-line reads (cache misses) one address may make a minute. */
export const PRICE_LINES_PER_MINUTE = 60;

/** The public sneaker library and the admin "Update Library" (see docs/rules/sneakers.md#the-catalogue). */
export async function catalogRoutes(
  app: FastifyInstance,
  {
    memberSneakerStats,
    releasePriceHistory,
    releasePriceLines,
  }: { memberSneakerStats: MemberSneakerStats; releasePriceHistory: ReleasePriceHistory; releasePriceLines: ReleasePriceLinesReader },
) {
  app.get(
    '/api/catalog',
    doc(
      'The sneaker library: releases, most popular first; with q, best match first (X-Next-Cursor; X-Did-You-Mean when nothing matches)',
      CatalogQuerySchema,
    ),
    async (request, reply): Promise<CatalogRelease[]> => {
      const query = parse(CatalogQuerySchema, request.query);
      const { releases, nextCursor, suggestion } = await findCatalogReleases(app.ctx, query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      if (suggestion) reply.header(CATALOG_SUGGESTION_HEADER, suggestion);
      return releases;
    },
  );

  app.get('/api/catalog/stats', doc('Library stats cards and per-brand counts'), async (): Promise<CatalogStats> =>
    getCatalogStats(app.ctx, memberSneakerStats),
  );

  app.get('/api/catalog/:id/artwork.svg', doc('Generated SVG artwork of a release'), async (request, reply) => {
    const { id } = parseId(request.params);
    const svg = await getReleaseArtwork(app.ctx, { id });
    // The URL carries a version (?v=), so the picture can be cached for a year; the CSP keeps
    // an SVG opened on its own from running anything.
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });

  // A library page asks once per page and period; reading up to 100 releases' lines is the
  // library's costliest public read, so each address gets PRICE_LINES_PER_MINUTE of them. Answers
  // the response cache serves (before the route's hooks) cost no read and are not counted.
  const pricesDoc = doc("Several releases' price lines for a period, one request for a library page", ReleasePriceLinesQuerySchema);
  app.get(
    '/api/catalog/prices',
    { config: { ...pricesDoc.config, rateLimit: { max: PRICE_LINES_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request): Promise<ReleasePriceLines> => {
      const { ids, period } = parse(ReleasePriceLinesQuerySchema, request.query);
      return getReleasePriceLines(app.ctx, { ids, period }, releasePriceLines);
    },
  );

  app.get(
    '/api/catalog/:id/prices',
    doc("A release's price history for a period (7d, 30d, 90d, 1y)", PriceHistoryQuerySchema),
    async (request): Promise<PriceHistory> => {
      const { period } = parse(PriceHistoryQuerySchema, request.query);
      return getReleasePrices(app.ctx, { id: parseId(request.params).id, period }, releasePriceHistory);
    },
  );

  app.post('/api/admin/seed-sneakers', doc('Update Library: upsert the shipped top 100 (admins)'), async (request): Promise<SeedCatalogResult> => {
    const admin = await requireAdmin(request);
    return inTransaction(app.ctx, async (txCtx) => {
      const result = await seedCatalog(txCtx);
      const note = `${result.count} releases in the library`;
      await recordAdminAction(txCtx.db, { adminId: admin.id, action: 'seed-library', targetType: 'catalog', note, at: txCtx.now() });
      return result;
    });
  });
}

/** Text that is no number is "not found"; a number beyond int4 is a 400 (http/id-param.ts). */
function parseId(params: unknown): { id: number } {
  return { id: idParam(params, 'Release') };
}
