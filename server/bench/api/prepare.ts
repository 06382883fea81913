import { rowsOf } from '../../src/db/raw-rows';
import { WEEK_MS } from '@soleswap/contracts/time';
import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../src/db/client';
import { refreshEveryQueuedMember } from '../load/stored-matches';

/** What the scenarios act on, found (or made) in the database before the server starts. */
export interface BenchTargets {
  /** Member with the most sneakers (made premium for the portfolio). */
  collector: { id: string; cookie: string; sneakers: number };
  /** Member party to the most trades. */
  trader: { id: string; cookie: string; trades: number };
  /** The trader's trade with the longest chat. */
  chatTrade: { id: number; messages: number };
  /** Conversations between bench members, for posting: each has a signed-in sender. */
  posters: { conversationId: number; cookie: string; memberId: string }[];
  /** Distinct sneaker pairs between two bench members, for proposals (proposer signed in). */
  proposals: { cookie: string; receiverId: string; receiverCookie: string; proposerSneakerId: number; receiverSneakerId: number }[];
}

/**
 * Bench members (each posts at most 30 messages a minute, so 1,000 of them allow up to 3,000 posts
 * a second over a 10-second run) and the tradeable sneakers each keeps. On the demo fewer of them
 * own a sneaker (`sneakerOwners`), so the demo's own listings still dominate.
 */
export interface BenchMembers {
  posters: number;
  sneakersEach: number;
  /** How many of the posters own sneakers (all when not given). */
  sneakerOwners?: number;
}
const FULL: BenchMembers = { posters: 1000, sneakersEach: 24 };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A signed-in session made the way @fastify/session stores one (server/src/http/session-store.ts):
 * a row in `sessions`, and the cookie `soleswap.sid` = the id signed with SESSION_SECRET (@fastify/cookie's signer).
 */
export async function createSession(db: Db, secret: string, userId: string): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + WEEK_MS);
  const sess = {
    cookie: { originalMaxAge: WEEK_MS, expires: expires.toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' },
    userId,
  };
  await db.execute(
    sql`insert into sessions (sid, sess, expire) values (${sid}, ${JSON.stringify(sess)}::jsonb, ${expires.toISOString()}::timestamptz)`,
  );
  return `soleswap.sid=${encodeURIComponent(sign(sid, secret))}`;
}

/**
 * Computes the stored matches of every member the preparation's writes queued (its members and
 * sneakers go straight to the tables, a bulk change the refresh job would otherwise work off
 * inside the measured runs), and says how long it took.
 */
export async function settleStoredMatches(database: Database, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const members = await refreshEveryQueuedMember(database, () => undefined);
  log(`stored matches of ${members} queued members computed in ${((performance.now() - started) / 1000).toFixed(1)} s, before the server starts`);
}

export async function prepareTargets(db: Db, secret: string, log: (line: string) => void, size: BenchMembers = FULL): Promise<BenchTargets> {
  const POSTERS = size.posters;
  const SNEAKERS_EACH = size.sneakersEach;
  const SNEAKER_OWNERS = size.sneakerOwners ?? POSTERS;
  const [collector] = await rows<{ id: string; n: number }>(
    db,
    sql`select user_id as id, count(*)::int as n from sneakers group by user_id order by n desc, user_id limit 1`,
  );
  const [trader] = await rows<{ id: string; n: number }>(
    db,
    sql`
    select id, count(*)::int as n from (select proposer_id as id from trades union all select receiver_id from trades) x
    group by id order by n desc, id limit 1`,
  );
  if (!collector || !trader) throw new Error('The database has no sneakers or no trades: run npm run db:load first (or use the demo).');
  // The trader's busiest chat (any of their trades when none has messages, as in the demo).
  const [chat] = await rows<{ id: number; n: number }>(
    db,
    sql`
    select t.id, count(m.id)::int as n from trades t left join messages m on m.trade_id = t.id
    where t.proposer_id = ${trader.id} or t.receiver_id = ${trader.id} group by t.id order by n desc, t.id limit 1`,
  );
  // The portfolio is for premium members.
  await db.execute(
    sql`update users set is_premium_member = true, membership_period_end = null, membership_ended_at = null where id = ${collector.id}`,
  );

  log(
    `collector ${collector.id} (${collector.n} sneakers), trader ${trader.id} (${trader.n} trades), chat trade ${chat?.id ?? '-'} (${chat?.n ?? 0} messages)`,
  );

  // Bench members: pairs in a conversation (posting) with sneakers to offer each other (proposals).
  await db.execute(sql`
    insert into users (email, username, first_name)
    select 'bench-poster-' || i || '@bench.soleswap.test', 'benchposter' || i, 'Poster ' || i from generate_series(0, ${POSTERS - 1}) i
    on conflict do nothing`);
  const posters = await rows<{ id: string; i: number }>(
    db,
    sql`
    select id, substring(email from 'bench-poster-(\\d+)@')::int as i from users where email like 'bench-poster-%@bench.soleswap.test' order by i`,
  );
  await db.execute(sql`
    insert into conversations (user_low_id, user_high_id)
    select least(a.id, b.id), greatest(a.id, b.id) from users a
    join users b on b.email = 'bench-poster-' || (substring(a.email from 'bench-poster-(\\d+)@')::int + 1) || '@bench.soleswap.test'
    where a.email like 'bench-poster-%@bench.soleswap.test' and substring(a.email from 'bench-poster-(\\d+)@')::int % 2 = 0
    on conflict do nothing`);
  // Top every bench member up to SNEAKERS_EACH tradeable sneakers (earlier runs locked some in accepted trades).
  await db.execute(sql`
    insert into sneakers (user_id, catalog_release_id, style_code, name, brand, model, colorway, size, condition, estimated_value, market_price, price_range_low, price_range_high, image_url, thumbnail_url, created_at, updated_at, listing_changed_at)
    select u.id, r.id, r.style_code, r.name, r.brand, r.model, r.colorway, r.sizes[1], 9, r.market_price, r.market_price, r.price_range_low, r.price_range_high,
           '/api/catalog/' || r.id || '/artwork.svg', '/api/catalog/' || r.id || '/artwork.svg',
           -- Listed long ago, so they do not fill the newest pages that browse and search read.
           now() - interval '3 years', now() - interval '3 years', now() - interval '3 years'
    from users u
    cross join lateral (
      select ${SNEAKERS_EACH} - count(*)::int as missing from sneakers s
      where s.user_id = u.id and s.is_available_for_trade and not exists (select 1 from escrow_locks l where l.sneaker_id = s.id)) have
    cross join lateral generate_series(1, greatest(have.missing, 0)) g
    join catalog_releases r on r.popularity_rank = 1 + (g % 20)
    where u.email like 'bench-poster-%@bench.soleswap.test'
      and substring(u.email from 'bench-poster-(\\d+)@')::int < ${SNEAKER_OWNERS}`);
  const free = await rows<{ user_id: string; id: number }>(
    db,
    sql`
    select s.user_id, s.id from sneakers s join users u on u.id = s.user_id
    where u.email like 'bench-poster-%@bench.soleswap.test' and s.is_available_for_trade
      and not exists (select 1 from escrow_locks l where l.sneaker_id = s.id)
    order by s.id`,
  );
  const freeBy = new Map<string, number[]>();
  for (const row of free) freeBy.set(row.user_id, [...(freeBy.get(row.user_id) ?? []), row.id]);

  const conversations = await rows<{ id: number; low: string; high: string }>(
    db,
    sql`
    select c.id, c.user_low_id as low, c.user_high_id as high from conversations c
    join users u on u.id = c.user_low_id where u.email like 'bench-poster-%@bench.soleswap.test' order by c.id`,
  );
  const cookieOf = new Map<string, string>();
  for (const p of posters) cookieOf.set(p.id, await createSession(db, secret, p.id));
  const targets: BenchTargets = {
    collector: { id: collector.id, cookie: await createSession(db, secret, collector.id), sneakers: collector.n },
    trader: { id: trader.id, cookie: await createSession(db, secret, trader.id), trades: trader.n },
    chatTrade: { id: chat?.id ?? 1, messages: chat?.n ?? 0 },
    posters: [],
    proposals: [],
  };
  for (const c of conversations) {
    targets.posters.push(
      { conversationId: c.id, cookie: cookieOf.get(c.low)!, memberId: c.low },
      { conversationId: c.id, cookie: cookieOf.get(c.high)!, memberId: c.high },
    );
    const [a, b] = [freeBy.get(c.low) ?? [], freeBy.get(c.high) ?? []];
    for (let k = 0; k < Math.min(a.length, b.length); k++) {
      targets.proposals.push({
        cookie: cookieOf.get(c.low)!,
        receiverId: c.high,
        receiverCookie: cookieOf.get(c.high)!,
        proposerSneakerId: a[k]!,
        receiverSneakerId: b[k]!,
      });
    }
  }
  // Proposals in a mixed order, so consecutive requests come from different members.
  targets.proposals.sort((x, y) => (x.proposerSneakerId % 97) - (y.proposerSneakerId % 97) || x.proposerSneakerId - y.proposerSneakerId);
  log(`${targets.posters.length} posting members in ${conversations.length} conversations, ${targets.proposals.length} distinct proposals ready`);
  return targets;
}
