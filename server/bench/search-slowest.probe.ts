/**
 * Which searches of a bench:search workload are slowest, and where their time goes: each
 * statement findSneakerPage runs, with its time and the first line of its SQL.
 * `DATABASE_URL=… npx tsx server/bench/search-slowest.probe.ts <workload> [--top 8]` on the bench's
 * own database (soleswap_bench, loaded by `npm run bench:search`). Read-only.
 */
import { rowsOf } from '../src/db/raw-rows';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, type Db } from '../src/db/client';
import { findSneakerPage } from '../src/modules/sneakers/sneaker-search.repository';
import { ensureBenchDatabase } from './bench-database';
import { mismatchedBrand, oneWordWithBrand, requestFor, type BenchQuery, type BenchRelease } from './bench-workload';

const rows = rowsOf;

function workloads(releases: BenchRelease[]): Record<string, BenchQuery[]> {
  const headline = oneWordWithBrand(releases, 300);
  const two = headline
    .slice(0, 100)
    .map((q, i) => ({ ...q, filters: { ...q.filters, tokens: [...q.filters.tokens, ...headline[(i + 1) % 100]!.filters.tokens] } }));
  return {
    'value-desc-brand': headline.slice(0, 100).map((q) => ({ ...q, sort: 'value_desc' })),
    'value-asc-brand': headline.slice(0, 100).map((q) => ({ ...q, sort: 'value_asc' })),
    'value-desc': headline.slice(0, 100).map((q) => ({ ...q, sort: 'value_desc', filters: { tokens: q.filters.tokens } })),
    'two-words': two.map((q) => ({ ...q, filters: { tokens: q.filters.tokens } })),
    'two-words-brand': two,
    'two-words-brand-value': two.map((q) => ({ ...q, sort: 'value_desc' })),
    'one-word': headline.slice(0, 100).map((q) => ({ ...q, filters: { tokens: q.filters.tokens } })),
    'another-brand': mismatchedBrand(releases, [...new Set(releases.map((r) => r.brand))], 100),
  };
}

interface Step {
  ms: number;
  text: string;
  rows: number;
}

function timingDb(db: Db, steps: Step[]): Db {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'execute') {
        return async (query: Parameters<Db['execute']>[0]) => {
          const started = performance.now();
          const result = await target.execute(query);
          const compiled = new PgDialect().sqlToQuery(query as never);
          const text = compiled.sql.replace(/\s+/g, ' ').trim();
          if (performance.now() - started > 500)
            console.error(`[slow statement] ${(performance.now() - started).toFixed(0)} ms: ${text} -- ${JSON.stringify(compiled.params)}`);
          steps.push({ ms: performance.now() - started, text: text.slice(0, 110), rows: rows(result).length });
          return result;
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
}

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const top = Number(rest[rest.indexOf('--top') + 1] ?? 8) || 8;
  const url = await ensureBenchDatabase(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test');
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const releases = rows<BenchRelease>(
      await database.db.execute(sql`select name, brand, model, colorway from catalog_releases order by popularity_rank`),
    );
    const all = workloads(releases);
    const queries = all[name ?? ''];
    if (!queries) throw new Error(`workload: one of ${Object.keys(all).join(', ')}`);
    const results: Array<{ label: string; ms: number; steps: Step[] }> = [];
    for (const query of queries) {
      const steps: Step[] = [];
      const started = performance.now();
      await findSneakerPage(timingDb(database.db, steps), requestFor(query));
      results.push({ label: `${query.label} (${query.filters.tokens.join(' ')})`, ms: performance.now() - started, steps });
    }
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
    console.log(`${name}: n ${sorted.length}, p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)}, max ${at(100)} ms`);
    for (const r of results.sort((a, b) => b.ms - a.ms).slice(0, top)) {
      console.log(`${r.ms.toFixed(1).padStart(7)} ms  ${r.label}`);
      for (const s of r.steps) console.log(`          ${s.ms.toFixed(1).padStart(6)} ms ${String(s.rows).padStart(3)} rows  ${s.text}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
