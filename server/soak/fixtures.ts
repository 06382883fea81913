import { WEEK_MS } from '@soleswap/contracts/time';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface Fixture {
  members: Array<{ id: string; cookie: string }>;
  admin: { id: string; cookie: string };
  /** sneaker id -> owner at the start */
  initialOwners: Map<number, string>;
  /** Loop candidates: groups of three members, each wanting the next one's pair. */
  loopGroups: number;
}

/**
 * The session cookie @fastify/session sets: the session id, a dot and its HMAC-SHA256 under
 * SESSION_SECRET in base64 without padding (@fastify/cookie's signer), URI-encoded.
 */
export function signedSessionCookie(sid: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=/g, '');
  return `soleswap.sid=${encodeURIComponent(`${sid}.${signature}`)}`;
}

async function sessionFor(client: pg.Pool, userId: string, secret: string): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + WEEK_MS);
  const sess = {
    cookie: { originalMaxAge: WEEK_MS, expires: expires.toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' },
    userId,
  };
  await client.query('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [sid, JSON.stringify(sess), expires]);
  return signedSessionCookie(sid, secret);
}

/**
 * Members with sessions, four listed pairs each (catalogue releases, so the loop clearing can
 * use them), and wants that close three-member cycles. Written straight into the database:
 * in production there is no test sign-in, and the soak is about what happens after sign-in.
 */
export async function createFixture(client: pg.Pool, opts: { members: number; secret: string; tag: string }): Promise<Fixture> {
  const releases = (
    await client.query<{
      id: number;
      name: string;
      brand: string;
      model: string;
      colorway: string;
      style_code: string;
      market_price: string;
      sizes: string[];
    }>('select id, name, brand, model, colorway, style_code, market_price, sizes from catalog_releases order by popularity_rank, id limit 200')
  ).rows;
  if (releases.length < 20) throw new Error(`The catalogue has ${releases.length} releases; the soak needs the seeded catalogue`);

  const insertUser = async (n: number | 'admin') => {
    const id = randomUUID();
    const name = n === 'admin' ? `soakadmin${opts.tag}` : `soak${opts.tag}m${n}`;
    await client.query(`insert into users (id, email, username, first_name, role, is_premium_member) values ($1, $2, $3, $4, $5, false)`, [
      id,
      `${name}@soak.test`,
      name,
      n === 'admin' ? 'Admin' : `Member ${n}`,
      n === 'admin' ? 'admin' : 'member',
    ]);
    return { id, cookie: await sessionFor(client, id, opts.secret) };
  };
  const admin = await insertUser('admin');
  const members = [];
  for (let i = 0; i < opts.members; i++) members.push(await insertUser(i));

  const initialOwners = new Map<number, string>();
  const addPair = async (ownerId: string, release: (typeof releases)[number], size: string) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into sneakers (user_id, catalog_release_id, name, brand, model, colorway, style_code, size, condition, estimated_value, listing_changed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, '9.0', $9, now() - interval '1 minute') returning id`,
      [ownerId, release.id, release.name, release.brand, release.model, release.colorway, release.style_code, size, release.market_price],
    );
    initialOwners.set(rows[0]!.id, ownerId);
  };
  // Loop pairs: member i of a group holds release L[i] and wants L[i+1 mod 3], all in size 10.
  const loopGroups = Math.floor(Math.min(opts.members, 30) / 3);
  for (let g = 0; g < loopGroups; g++) {
    for (let k = 0; k < 3; k++) {
      const member = members[g * 3 + k]!;
      await addPair(member.id, releases[(g * 3 + k) % releases.length]!, '10');
      const wanted = releases[(g * 3 + ((k + 1) % 3)) % releases.length]!;
      await client.query(`insert into wants (user_id, catalog_release_id, sizes, min_condition, rank) values ($1, $2, '{10}', '5.0', 1)`, [
        member.id,
        wanted.id,
      ]);
    }
  }
  // Plain pairs for trades, from the rest of the catalogue.
  for (const member of members) {
    for (let k = 0; k < 4; k++) {
      const release = releases[40 + Math.floor(Math.random() * (releases.length - 40))]!;
      await addPair(member.id, release, release.sizes[Math.floor(Math.random() * release.sizes.length)] ?? '10');
    }
  }
  return { members, admin, initialOwners, loopGroups };
}
