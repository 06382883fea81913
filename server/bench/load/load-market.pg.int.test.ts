import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { verifyChain } from '../../src/modules/ledger/ledger-hash';
import { openTestDatabase } from '../../test/test-database';
import type { LoadFixtures } from './generate';
import { LoadRefused, loadMarket } from './load-market';

/** `npm run db:load` at a tiny size: every rule of the schema and of escrow holds in what it writes. */
describe('the market loader', () => {
  let database: Database & { url?: string };
  let client: pg.Client;
  let fixtures: LoadFixtures;
  const options = { users: 60, sneakers: 1_200, trades: 600, messages: 3_000, ledger: 400, seed: 7, reset: false };

  const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!database.url) throw new Error('the test database has no URL');
    fixtures = await loadMarket(database.url, options, () => {});
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  it('writes the sizes asked for', async () => {
    const counts = await one<Record<string, number>>(`select
      (select count(*)::int from users) as users, (select count(*)::int from sneakers) as sneakers,
      (select count(*)::int from trades) as trades, (select count(*)::int from messages) as messages,
      (select count(*)::int from ledger_entries) as ledger`);
    expect(counts).toEqual({ users: 60, sneakers: 1_200, trades: 600, messages: 3_000, ledger: 400 });
  });

  it('has trades in every state and loops in every state', async () => {
    const trades = await client.query<{ status: string }>('select distinct status from trades order by status');
    expect(trades.rows.map((r) => r.status)).toEqual([
      'accepted',
      'cancelled',
      'completed',
      'countered',
      'disputed',
      'expired',
      'pending',
      'rejected',
    ]);
    const loops = await client.query<{ status: string }>('select distinct status from loops order by status');
    expect(loops.rows.map((r) => r.status)).toEqual(['active', 'cancelled', 'completed', 'declined', 'disputed', 'expired', 'proposed']);
  });

  it('locks exactly the sneakers of accepted and disputed trades and active loops, each once', async () => {
    // Each trade holding escrow has every one of its sneakers locked to itself.
    const missing = await one<{ n: number }>(`
      select count(*)::int as n from trades t, unnest(t.proposer_sneaker_ids || t.receiver_sneaker_ids) as s(id)
      where t.status in ('accepted', 'disputed')
        and not exists (select 1 from escrow_locks l where l.sneaker_id = s.id and l.trade_id = t.id)`);
    expect(missing.n).toBe(0);
    // Every trade lock belongs to such a trade and to one of its sneakers.
    const stray = await one<{ n: number }>(`
      select count(*)::int as n from escrow_locks l left join trades t on t.id = l.trade_id
      where l.trade_id is not null
        and (t.status not in ('accepted', 'disputed') or t.escrow_status <> 'locked'
             or not (l.sneaker_id = any(t.proposer_sneaker_ids || t.receiver_sneaker_ids)))`);
    expect(stray.n).toBe(0);
    const strayLoop = await one<{ n: number }>(`
      select count(*)::int as n from escrow_locks l join loops p on p.id = l.loop_id
      where p.status not in ('active', 'disputed') or p.escrow_status <> 'locked'
         or not exists (select 1 from loop_legs g where g.loop_id = p.id and l.sneaker_id = any(g.sneaker_ids))`);
    expect(strayLoop.n).toBe(0);
    // The sneakers a holding trade offers belong to its parties now.
    const moved = await one<{ n: number }>(`
      select count(*)::int as n from trades t
      join sneakers s on s.id = any(t.proposer_sneaker_ids) or s.id = any(t.receiver_sneaker_ids)
      where t.status in ('accepted', 'disputed')
        and s.user_id <> case when s.id = any(t.proposer_sneaker_ids) then t.proposer_id else t.receiver_id end`);
    expect(moved.n).toBe(0);
  });

  it('keeps escrow in step with each trade state', async () => {
    const wrong = await one<{ n: number }>(`
      select count(*)::int as n from trades where not (
        (status in ('pending', 'rejected', 'countered', 'expired') and escrow_status = 'pending' and accepted_at is null)
        or (status in ('accepted', 'disputed') and escrow_status = 'locked' and accepted_at is not null and ship_by is not null)
        or (status = 'completed' and escrow_status = 'released' and completed_at is not null)
        or (status = 'cancelled' and (escrow_status = 'pending' or (escrow_status = 'refunded' and accepted_at is not null))))`);
    expect(wrong.n).toBe(0);
    const closedOpen = await one<{ n: number }>(`
      select count(*)::int as n from trades
      where (status in ('pending', 'accepted', 'disputed')) = (closed_at is not null) or created_at > now()`);
    expect(closedOpen.n).toBe(0);
  });

  it('gives nobody more than 500 sneakers, and the benchmark members what they need', async () => {
    const most = await one<{ n: number }>('select max(n)::int as n from (select count(*) as n from sneakers group by user_id) x');
    expect(most.n).toBeLessThanOrEqual(500);
    const collector = await one<{ n: number; premium: boolean }>(
      'select (select count(*)::int from sneakers where user_id = $1) as n, is_premium_member as premium from users where id = $1',
      [fixtures.collectorId],
    );
    expect(collector).toEqual({ n: 500, premium: true });
    expect(fixtures.collectorSneakers).toBe(500);
    const trader = await one<{ n: number }>('select count(*)::int as n from trades where proposer_id = $1 or receiver_id = $1', [fixtures.traderId]);
    expect(trader.n).toBeGreaterThanOrEqual(500);
    expect(fixtures.traderTrades).toBe(500);
    const chat = await one<{ n: number; party: boolean }>(
      `select (select count(*)::int from messages where trade_id = $1) as n,
              (select $2::uuid in (proposer_id, receiver_id) from trades where id = $1) as party`,
      [fixtures.chatTradeId, fixtures.traderId],
    );
    expect(chat).toEqual({ n: fixtures.chatMessages, party: true });
  });

  it('points each conversation at its last message and sends messages only between the thread members', async () => {
    const conversations = await one<{ n: number }>(`
      select count(*)::int as n from conversations c
      where c.last_message_id is distinct from (select max(id) from messages m where m.conversation_id = c.id)`);
    expect(conversations.n).toBe(0);
    const outsiders = await one<{ n: number }>(`
      select count(*)::int as n from messages m
      left join trades t on t.id = m.trade_id left join conversations c on c.id = m.conversation_id
      where m.sender_id not in (coalesce(t.proposer_id, c.user_low_id), coalesce(t.receiver_id, c.user_high_id))`);
    expect(outsiders.n).toBe(0);
  });

  it('writes a ledger that verifies, commitments included', async () => {
    const { rows } = await client.query<{
      id: string;
      event: string;
      trade_ref: string;
      commitment: string;
      created_at: Date;
      prev_hash: string;
      hash: string;
      salt: string;
      trade_id: number;
      payload: Record<string, unknown>;
    }>('select * from ledger_entries order by id');
    const result = verifyChain(
      rows.map((r) => ({
        id: Number(r.id),
        event: r.event,
        tradeRef: r.trade_ref,
        commitment: r.commitment,
        createdAt: r.created_at,
        prevHash: r.prev_hash,
        hash: r.hash,
        secret: { salt: r.salt, details: { tradeId: r.trade_id, payload: r.payload } },
      })),
    );
    expect(result).toEqual({ valid: true, checked: 400, brokenAt: null });
  });

  it('leaves the sequences past the loaded ids, so the app can insert', async () => {
    const next = await one<{ sneaker: number; trade: number; message: number }>(
      `select nextval('sneakers_id_seq')::int as sneaker, nextval('trades_id_seq')::int as trade, nextval('messages_id_seq')::int as message`,
    );
    expect(next).toEqual({ sneaker: 1_201, trade: 601, message: 3_001 });
  });

  it('refuses to load over existing members without --reset', async () => {
    await expect(loadMarket(database.url!, options, () => {})).rejects.toBeInstanceOf(LoadRefused);
  });
});
