import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { createSession } from '../api/prepare';

/** What bench:fanout lists and who is told. */
export interface FanoutMarket {
  release: { id: number; name: string; brand: string; model: string; size: string };
  /** The member who lists the pair, signed in. */
  lister: { id: string; cookie: string };
  wanters: number;
}

/**
 * `wanters` bench members ('bench-fanout-<i>@bench.soleswap.test'), each wanting one release in one
 * size (any condition from 5, no price cap) and each with one Web Push subscription whose endpoint is
 * the bench's own push service (`pushOrigin`/push/<i>, push-stub.ts); one key pair serves every
 * subscription (the server still encrypts each push). Re-runs reuse the rows and clear each want's
 * last alert, so the hour between alerts does not hold them back; the lister is signed in.
 */
export async function seedWanters(
  db: Db,
  { wanters, pushOrigin, secret }: { wanters: number; pushOrigin: string; secret: string },
): Promise<FanoutMarket> {
  const [release] = rowsOf<{ id: number; name: string; brand: string; model: string; size: string }>(
    await db.execute(sql`
      select id, name, brand, model, case when '10' = any(sizes) then '10' else sizes[1] end as size
      from catalog_releases order by popularity_rank limit 1`),
  );
  if (!release) throw new Error('The catalogue is empty: run npm run db:load first');
  await db.execute(sql`
    insert into users (email, username, first_name)
    select 'bench-fanout-' || i || '@bench.soleswap.test', 'benchfanout' || i, 'Wanter ' || i from generate_series(0, ${wanters}) i
    on conflict do nothing`);
  await db.execute(sql`
    insert into wants (user_id, catalog_release_id, sizes, min_condition, max_value, rank)
    select id, ${release.id}, array[${release.size}]::text[], 5, null, 1 from users
    where email like 'bench-fanout-%@bench.soleswap.test' and substring(email from 'bench-fanout-(\\d+)@')::int between 1 and ${wanters}
    on conflict (user_id, catalog_release_id) do update set sizes = excluded.sizes, min_condition = 5, max_value = null, last_alerted_at = null`);
  // A smaller run after a larger one: the earlier run's extra wanters want nothing now.
  await db.execute(sql`
    delete from wants w using users u where u.id = w.user_id and u.email like 'bench-fanout-%@bench.soleswap.test'
      and substring(u.email from 'bench-fanout-(\\d+)@')::int > ${wanters}`);
  // A P-256 public key and a 16-byte secret, as a browser's subscription carries them.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  await db.execute(sql`
    insert into push_subscriptions (user_id, session_key, endpoint, p256dh, auth, created_at)
    select id, 'bench-fanout', ${pushOrigin} || '/push/' || substring(email from 'bench-fanout-(\\d+)@'), ${p256dh}, ${auth}, now() from users
    where email like 'bench-fanout-%@bench.soleswap.test' and substring(email from 'bench-fanout-(\\d+)@')::int between 1 and ${wanters}
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`);
  // Member 0 lists; the others want.
  const [lister] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'bench-fanout-0@bench.soleswap.test'`));
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from wants w join users u on u.id = w.user_id
      where u.email like 'bench-fanout-%@bench.soleswap.test' and w.catalog_release_id = ${release.id}`),
  ) as [{ n: number }];
  return { release, lister: { id: lister!.id, cookie: await createSession(db, secret, lister!.id) }, wanters: n };
}
