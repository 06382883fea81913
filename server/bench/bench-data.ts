import { rowsOf } from '../src/db/raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

export const BENCH_USERS = 50;
const CHUNK = 100_000;

const rows = rowsOf;
const log = (message: string) => console.log(`[bench] ${message}`);

/**
 * Bulk-loads `target` sneakers with INSERT ... SELECT generate_series: names, brands, models,
 * colorways, size runs and prices from the catalogue (popular releases more often), titles
 * written a few ways as members do, 90% available, one listing a minute back over about two
 * years (inserted oldest first, as a live table grows). The trigram and value band indexes are
 * dropped during the load and rebuilt after (much faster than maintaining them row by row), then ANALYZE.
 * Reuses a complete earlier load.
 */
export async function loadBenchSneakers(db: Db, target: number): Promise<void> {
  const [{ n }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from sneakers`)) as [{ n: number }];
  if (n === target) {
    log(`reusing ${n.toLocaleString('en-US')} sneakers already loaded`);
    return;
  }
  if (n > 0) {
    log(`found ${n.toLocaleString('en-US')} sneakers, expected ${target.toLocaleString('en-US')}: reloading`);
    await db.execute(sql`truncate sneakers restart identity cascade`);
  }

  await db.execute(sql`
    insert into users (email, username, first_name)
    select 'bench-' || i || '@soleswap.bench', 'bencher' || i, 'Bencher ' || i from generate_series(1, ${BENCH_USERS}) i
    on conflict do nothing`);

  const started = performance.now();
  await db.execute(sql`drop index if exists sneakers_search_trgm_idx`);
  await db.execute(sql`drop index if exists sneakers_value_search_keys_idx`);
  await db.execute(sql`drop table if exists bench_releases`);
  await db.execute(sql`
    create unlogged table bench_releases as
    select (row_number() over (order by popularity_rank, id) - 1)::int as k, r.*
    from catalog_releases r`);
  const [{ releases }] = rows<{ releases: number }>(await db.execute(sql`select count(*)::int as releases from bench_releases`)) as [
    { releases: number },
  ];

  for (let from = 1; from <= target; from += CHUNK) {
    const to = Math.min(target, from + CHUNK - 1);
    // x is a cheap deterministic uniform number in [0, 1) per row; x² skews towards popular releases.
    await db.execute(sql`
      with bench_users as (select array_agg(id order by email) as ids from users where email like 'bench-%@soleswap.bench'),
      g as (
        select g, ((g::bigint * 2654435761) % 4294967296)::float8 / 4294967296 as x from generate_series(${from}::int, ${to}::int) g
      )
      insert into sneakers (
        user_id, catalog_release_id, name, brand, model, colorway, size, condition, estimated_value,
        image_url, thumbnail_url, is_available_for_trade, description, market_price, price_range_low, price_range_high,
        created_at, updated_at)
      select
        bench_users.ids[1 + g.g % ${BENCH_USERS}],
        r.id,
        case g.g % 5
          when 0 then r.name
          when 1 then r.name || ' DS'
          when 2 then r.model || ' ' || split_part(r.colorway, '/', 1)
          when 3 then r.name || ' size ' || r.sizes[1 + g.g % array_length(r.sizes, 1)]
          else 'Clean ' || r.model || ' ' || split_part(r.colorway, '/', 2)
        end,
        r.brand, r.model, r.colorway,
        r.sizes[1 + g.g % array_length(r.sizes, 1)],
        (array[10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6, 5])[1 + (g.g * 7) % 10],
        round(r.market_price * (0.6 + ((g.g * 13) % 80) / 100.0), 2),
        '/api/catalog/' || r.id || '/artwork.svg', '/api/catalog/' || r.id || '/artwork.svg',
        g.g % 10 <> 0,
        null, r.market_price, r.price_range_low, r.price_range_high,
        now() - make_interval(mins => ${target} - g.g), now() - make_interval(mins => ${target} - g.g)
      from g
      cross join bench_users
      join bench_releases r on r.k = floor(g.x * g.x * ${releases})::int`);
    log(`loaded ${to.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  log('rebuilding the trigram and value band indexes');
  // Same definitions as the migrations (server/src/db/migrations), so later migrations still apply.
  await db.execute(sql.raw(`CREATE INDEX "sneakers_search_trgm_idx" ON "sneakers" USING gin ("search_text" gin_trgm_ops)`));
  await db.execute(
    sql.raw(
      `CREATE INDEX "sneakers_value_search_keys_idx" ON "sneakers" USING gin (sneaker_value_search_keys("brand", "display_value", "search_text"))`,
    ),
  );
  await db.execute(sql`drop table bench_releases`);
  await db.execute(sql`vacuum analyze sneakers`);
  log(`loaded and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
