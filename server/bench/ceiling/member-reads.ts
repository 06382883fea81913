import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { createSession } from '../api/prepare';

/** One request of a read under bench:ceiling: its path and, for a member read, the member's session. */
export interface CeilingRequest {
  path: string;
  cookie?: string;
}

/** A read shape and its distinct requests: the n-th request is `requests[n % requests.length]`. */
export interface CeilingRoute {
  name: string;
  label: string;
  requests: CeilingRequest[];
  /**
   * Member reads keep per-member state in the server (its session cache, the portfolio's memo): the
   * capture asks each request once before recording it, so it records what the run's repeats send.
   */
  warm: boolean;
}

async function ids(db: Db, query: SQL): Promise<Array<{ id: string; n: number; trade?: number }>> {
  return rowsOf(await db.execute(query));
}

/**
 * The member reads of issue #44, each a different member's (or trade's) every request, `members`
 * of each, signed in with sessions written like bench:api's (`createSession`, the secret the app is
 * given): the locker (the members with the most pairs), the trade list (the most trades), a
 * trade's messages (the busiest chats, read by their proposer), notifications (the most notices)
 * and the portfolio (the members with the most pairs, made premium, as the portfolio needs).
 */
export async function memberReadRoutes(db: Db, secret: string, members: number): Promise<CeilingRoute[]> {
  const collectors = await ids(
    db,
    sql`select user_id as id, count(*)::int as n from sneakers group by user_id order by n desc, user_id limit ${members}`,
  );
  const traders = await ids(
    db,
    sql`select id, count(*)::int as n from (select proposer_id as id from trades union all select receiver_id from trades) x
        group by id order by n desc, id limit ${members}`,
  );
  const chats = await ids(
    db,
    sql`select t.proposer_id as id, t.id as trade, count(*)::int as n from messages m join trades t on t.id = m.trade_id
        group by t.id order by n desc, t.id limit ${members}`,
  );
  const notified = await ids(
    db,
    sql`select user_id as id, count(*)::int as n from notifications group by user_id order by n desc, user_id limit ${members}`,
  );
  if (collectors.length === 0 || traders.length === 0) throw new Error('No members with pairs or trades: run npm run db:load first');
  await db.execute(sql`
    update users set is_premium_member = true, membership_period_end = null, membership_ended_at = null
    where id in (select user_id from sneakers group by user_id order by count(*) desc, user_id limit ${members})`);
  const cookies = new Map<string, string>();
  const cookieOf = async (id: string) => {
    if (!cookies.has(id)) cookies.set(id, await createSession(db, secret, id));
    return cookies.get(id)!;
  };
  const each = async <T>(rows: T[], request: (row: T) => Promise<CeilingRequest>) => Promise.all(rows.map(request));
  const mean = (rows: Array<{ n: number }>) => Math.round(rows.reduce((s, r) => s + r.n, 0) / Math.max(1, rows.length));
  return [
    {
      name: 'locker',
      label: `member's locker (${collectors.length} members, ${mean(collectors)} pairs on average)`,
      requests: await each(collectors, async (r) => ({ path: `/api/sneakers/user/${r.id}`, cookie: await cookieOf(r.id) })),
      warm: true,
    },
    {
      name: 'trades',
      label: `trade list (${traders.length} members, ${mean(traders)} trades on average)`,
      requests: await each(traders, async (r) => ({ path: '/api/trades', cookie: await cookieOf(r.id) })),
      warm: true,
    },
    {
      name: 'messages',
      label: `a trade's messages (${chats.length} trades, ${mean(chats)} messages on average)`,
      requests: await each(chats, async (r) => ({ path: `/api/trades/${r.trade}/messages`, cookie: await cookieOf(r.id) })),
      warm: true,
    },
    {
      name: 'notifications',
      label: `notifications (${notified.length} members, ${mean(notified)} notices on average)`,
      requests: await each(notified, async (r) => ({ path: '/api/notifications', cookie: await cookieOf(r.id) })),
      warm: true,
    },
    {
      name: 'portfolio',
      label: `portfolio (${collectors.length} premium members, ${mean(collectors)} pairs on average)`,
      requests: await each(collectors, async (r) => ({ path: '/api/analytics/portfolio', cookie: await cookieOf(r.id) })),
      warm: true,
    },
  ];
}
