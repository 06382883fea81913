import type pg from 'pg';
import type { Acknowledged, StreamRecord } from './client';

export interface CheckResult {
  name: string;
  violations: number;
  detail?: string;
}

const TRADE_ACTION = /^\/api\/trades\/(\d+)\/(accept|reject|cancel|counter|ship|receive|dispute|resolve|rate)$/;
const LOOP_ACTION = /^\/api\/loops\/(\d+)\/(accept|decline|ship|receive|dispute)$/;
const MESSAGE = /^\/api\/(trades|conversations)\/(\d+)\/messages$/;

const sample = (items: unknown[]) => (items.length ? ` e.g. ${JSON.stringify(items.slice(0, 3))}` : '');

/** Every check of the soak over PostgreSQL; the ledger's own verification is asked of the API. */
export async function runChecks(
  db: pg.Pool,
  opts: { acked: Acknowledged[]; streams: StreamRecord[]; initialOwners: Map<number, string>; memberIds: string[]; base: string },
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];

  // 1. No sneaker held in escrow by two trades or loops, and escrow_locks agrees with them.
  {
    const { rows } = await db.query(`
      with held as (
        select unnest(proposer_sneaker_ids || receiver_sneaker_ids) as sneaker_id, 'trade ' || id as holder from trades where escrow_status = 'locked'
        union all
        select unnest(l.sneaker_ids), 'loop ' || lp.id from loop_legs l join loops lp on lp.id = l.loop_id where lp.escrow_status = 'locked'
      )
      select sneaker_id, array_agg(holder) as holders from held group by sneaker_id having count(*) > 1`);
    const { rows: stray } = await db.query(`
      select l.sneaker_id from escrow_locks l
      left join trades t on t.id = l.trade_id left join loops lp on lp.id = l.loop_id
      where coalesce(t.escrow_status, lp.escrow_status) is distinct from 'locked'
         or (t.id is not null and not l.sneaker_id = any(t.proposer_sneaker_ids || t.receiver_sneaker_ids))`);
    const { rows: unlocked } = await db.query(`
      select t.id, s.sid from trades t, unnest(t.proposer_sneaker_ids || t.receiver_sneaker_ids) as s(sid)
      where t.escrow_status = 'locked' and not exists (select 1 from escrow_locks l where l.sneaker_id = s.sid and l.trade_id = t.id)
      union all
      select lp.id, s.sid from loops lp join loop_legs lg on lg.loop_id = lp.id, unnest(lg.sneaker_ids) as s(sid)
      where lp.escrow_status = 'locked' and not exists (select 1 from escrow_locks l where l.sneaker_id = s.sid and l.loop_id = lp.id)`);
    results.push({ name: 'no sneaker in two escrow-locked trades or loops', violations: rows.length, detail: sample(rows) });
    results.push({
      name: 'escrow locks match the locked trades and loops',
      violations: stray.length + unlocked.length,
      detail: sample([...stray, ...unlocked]),
    });
  }

  // 2. Every sneaker is still there and owned by exactly one existing member.
  {
    const { rows } = await db.query<{ id: number; user_id: string | null; member: string | null }>(
      'select s.id, s.user_id, u.id as member from sneakers s left join users u on u.id = s.user_id',
    );
    const present = new Set(rows.map((r) => r.id));
    const missing = [...opts.initialOwners.keys()].filter((id) => !present.has(id));
    const orphaned = rows.filter((r) => !r.member);
    results.push({
      name: 'every sneaker owned by exactly one member',
      violations: missing.length + orphaned.length,
      detail: sample([...missing, ...orphaned]),
    });

    // 3. Ownership changed only through completed trades and loops, replayed in completion order.
    const transfers = (
      await db.query<{ at: Date; ref: string; sneaker_id: number; from_id: string; to_id: string }>(`
        select completed_at as at, 'trade ' || id as ref, unnest(proposer_sneaker_ids) as sneaker_id, proposer_id as from_id, receiver_id as to_id from trades where status = 'completed'
        union all
        select completed_at, 'trade ' || id, unnest(receiver_sneaker_ids), receiver_id, proposer_id from trades where status = 'completed'
        union all
        select lp.completed_at, 'loop ' || lp.id, unnest(l.sneaker_ids), l.from_user_id, l.to_user_id from loops lp join loop_legs l on l.loop_id = lp.id where lp.status = 'completed'
        order by 1, 2`)
    ).rows;
    const owner = new Map(opts.initialOwners);
    const wrong: unknown[] = [];
    for (const t of transfers) {
      if (owner.get(t.sneaker_id) !== t.from_id)
        wrong.push({ transfer: t.ref, sneaker: t.sneaker_id, expectedOwner: t.from_id, replayedOwner: owner.get(t.sneaker_id) });
      owner.set(t.sneaker_id, t.to_id);
    }
    for (const r of rows) {
      if (owner.has(r.id) && owner.get(r.id) !== r.user_id) wrong.push({ sneaker: r.id, owner: r.user_id, byCompletedTrades: owner.get(r.id) });
    }
    results.push({
      name: `ownership changed only by completed trades and loops (${transfers.length} transfers)`,
      violations: wrong.length,
      detail: sample(wrong),
    });
  }

  // 4. The ledger verifies end to end.
  {
    const res = await fetch(`${opts.base}/api/ledger/verify`);
    const body = (await res.json()) as { valid?: boolean; checked?: number; brokenAt?: unknown };
    results.push({
      name: `ledger verifies end to end (${body.checked ?? '?'} entries)`,
      violations: res.ok && body.valid ? 0 : 1,
      detail: body.valid ? undefined : JSON.stringify(body),
    });
  }

  // 5. Every acknowledged keyed request is stored exactly once with the answer the member got.
  {
    const { rows } = await db.query<{ user_id: string; key: string; status_code: number | null }>(
      'select user_id, key, status_code from idempotency_keys',
    );
    const stored = new Map(rows.map((r) => [`${r.user_id} ${r.key}`, r.status_code]));
    const bad = opts.acked.filter(
      (a) => stored.get(`${a.userId} ${a.key}`) !== a.status && a.path !== '/api/conversations' && a.path !== '/api/admin/loops/run',
    );
    const unanswered = rows.filter((r) => r.status_code === null);
    results.push({
      name: `every acknowledged keyed request stored once with its answer (${opts.acked.length})`,
      violations: bad.length + unanswered.length,
      detail: sample([...bad.map((b) => [b.path, b.status]), ...unanswered]),
    });
  }

  // 6. Every acknowledged message is in the database exactly once.
  {
    const acked = opts.acked.filter((a) => MESSAGE.test(a.path));
    const { rows } = await db.query<{ id: number; content: string; n: number }>(
      "select min(id) as id, content, count(*)::int as n from messages where content like 'soak:%' group by content",
    );
    const byContent = new Map(rows.map((r) => [r.content, r]));
    const bad: unknown[] = [];
    for (const a of acked) {
      const body = a.body as { id?: number; content?: string };
      const row = body.content ? byContent.get(body.content) : undefined;
      if (!row || row.n !== 1 || row.id !== body.id) bad.push({ path: a.path, id: body.id, found: row ?? null });
    }
    const doubled = rows.filter((r) => r.n > 1);
    results.push({
      name: `every acknowledged message in the database exactly once (${acked.length})`,
      violations: bad.length + doubled.length,
      detail: sample([...bad, ...doubled]),
    });
  }

  // 7. Every acknowledged transition is recorded, and none twice.
  {
    const tradeEvents = (
      await db.query<{ trade_id: number; action: string; actor_id: string; n: number }>(
        'select trade_id, action, actor_id, count(*)::int as n from trade_events where actor_id is not null group by 1, 2, 3',
      )
    ).rows;
    const loopEvents = (
      await db.query<{ loop_id: number; action: string; actor_id: string; n: number }>(
        'select loop_id, action, actor_id, count(*)::int as n from loop_events where actor_id is not null group by 1, 2, 3',
      )
    ).rows;
    const tradeCount = new Map(tradeEvents.map((e) => [`${e.trade_id} ${e.action} ${e.actor_id}`, e.n]));
    const loopCount = new Map(loopEvents.map((e) => [`${e.loop_id} ${e.action} ${e.actor_id}`, e.n]));
    const missing: unknown[] = [];
    let transitions = 0;
    for (const a of opts.acked) {
      const trade = TRADE_ACTION.exec(a.path);
      const loop = LOOP_ACTION.exec(a.path);
      if (trade) {
        transitions++;
        if (!tradeCount.get(`${trade[1]} ${trade[2]} ${a.userId}`)) missing.push(a.path);
      } else if (loop) {
        transitions++;
        if (!loopCount.get(`${loop[1]} ${loop[2]} ${a.userId}`)) missing.push(a.path);
      } else if (a.path === '/api/trades') {
        transitions++;
        const id = (a.body as { id?: number }).id;
        if (!tradeCount.get(`${id} propose ${a.userId}`)) missing.push(`propose -> ${id}`);
      }
    }
    const twice = [...tradeEvents.filter((e) => e.n > 1), ...loopEvents.filter((e) => e.n > 1)];
    results.push({
      name: `every acknowledged transition recorded exactly once (${transitions})`,
      violations: missing.length + twice.length,
      detail: sample([...missing, ...twice]),
    });
  }

  // 8. No live stream lost or doubled an event across the restart.
  {
    let lost = 0;
    let doubled = 0;
    let delivered = 0;
    const examples: unknown[] = [];
    for (const s of opts.streams) {
      const seen = new Set<number>();
      for (const id of s.ids) {
        if (seen.has(id)) doubled++;
        seen.add(id);
      }
      const messageSeen = new Set<number>();
      for (const id of s.messageIds) {
        if (messageSeen.has(id)) doubled++;
        messageSeen.add(id);
      }
      delivered += seen.size;
      if (s.startCursor === null) {
        lost++;
        examples.push({ user: s.userId, problem: 'stream never became ready' });
        continue;
      }
      const { rows } = await db.query<{ id: number; kind: string }>('select id, kind from live_events where user_id = $1 and id > $2 order by id', [
        s.userId,
        s.startCursor,
      ]);
      for (const r of rows) {
        if (!seen.has(Number(r.id))) {
          lost++;
          if (examples.length < 3) examples.push({ user: s.userId.slice(0, 8), event: r.id, kind: r.kind });
        }
      }
    }
    const reconnects = opts.streams.reduce((n, s) => n + s.connects - 1, 0);
    results.push({
      name: `no live stream lost or doubled an event (${delivered} delivered, ${reconnects} reconnects)`,
      violations: lost + doubled,
      detail: lost || doubled ? `lost ${lost}, doubled ${doubled}${sample(examples)}` : undefined,
    });
  }
  return results;
}

export function printChecks(results: CheckResult[]): boolean {
  let ok = true;
  for (const r of results) {
    const pass = r.violations === 0;
    ok &&= pass;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${r.name}${pass ? '' : `: ${r.violations} violation(s)${r.detail ?? ''}`}`);
  }
  return ok;
}
