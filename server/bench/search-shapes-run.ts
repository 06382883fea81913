import { CatalogQuerySchema } from '@soleswap/contracts/catalog';
import { SneakerListQuerySchema } from '@soleswap/contracts/sneakers';
import { loadavg } from 'node:os';
import type { AppContext } from '../src/context';
import { findCatalogReleases } from '../src/modules/catalog/find-catalog-releases';
import { findSneakers } from '../src/modules/sneakers/find-sneakers';
import { summarize, type Summary, type Timing } from './bench-workload';
import { searchShapes, type SearchShape, type ShapeQuery } from './search-shapes';

/**
 * bench:search's collector shapes (search-shapes.ts): each shape's distinct queries through the
 * use cases the routes call, GET /api/sneakers/public (findSneakers: the catalogue resolves the
 * words, then the listings of the releases they name and the listings holding the words) and
 * GET /api/catalog (findCatalogReleases). Each list is run twice: the first pass asks every
 * query for the first time (uncached: no answer of it was read before), the second asks the same
 * again (cached: its pages and index entries are in PostgreSQL's buffers). The one-minute load
 * average is taken beside each figure, as the machine is shared.
 */
export interface ShapeSummary extends Summary {
  load: number;
}

const visitorBrowse = (ctx: AppContext, query: ShapeQuery) =>
  findSneakers(ctx, { viewer: null, scope: { kind: 'public' }, query: SneakerListQuerySchema.parse({ q: query.q, size: query.size }) });

async function timed(run: () => Promise<unknown>, label: string): Promise<Timing> {
  const started = performance.now();
  await run();
  return { label, ms: performance.now() - started, statements: 1, rows: 0 };
}

export async function runShapes(ctx: AppContext, perShape = Number(process.env.BENCH_SHAPE_QUERIES ?? 300)): Promise<ShapeSummary[]> {
  const shapes = searchShapes();
  const summaries: ShapeSummary[] = [];
  for (const pass of ['uncached', 'cached'] as const) {
    for (const [shape, all] of Object.entries(shapes) as Array<[SearchShape, ShapeQuery[]]>) {
      const queries = all.slice(0, perShape);
      const browse: Timing[] = [];
      for (const query of queries) browse.push(await timed(() => visitorBrowse(ctx, query), query.q));
      summaries.push({ ...summarize(`browse: ${shape} (${pass})`, browse), load: loadavg()[0]! });
      if (shape === 'size' || pass === 'cached') continue; // the catalogue is in memory: one pass says it
      const catalog: Timing[] = [];
      for (const query of queries) catalog.push(await timed(() => findCatalogReleases(ctx, CatalogQuerySchema.parse({ q: query.q })), query.q));
      summaries.push({ ...summarize(`library: ${shape}`, catalog), load: loadavg()[0]! });
    }
  }
  return summaries;
}
