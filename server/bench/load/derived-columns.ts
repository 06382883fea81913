import type { MarketSetup } from './market-state';

/** The serial tables the load writes: where it wrote the ids itself, the sequence is still at 1. */
const SERIAL_TABLES = [
  'sneakers',
  'trades',
  'trade_events',
  'loops',
  'loop_legs',
  'conversations',
  'messages',
  'message_reads',
  'wants',
  'user_follows',
  'price_snapshots',
  'notifications',
  'ledger_entries',
];

/** What the rows imply: completed-trade counts, then the sequences past the ids used. */
export async function writeDerivedColumns(market: MarketSetup): Promise<void> {
  const { client } = market;
  await client.query(`
    update users u set total_trades = c.n from (
      select member, count(*)::int as n from (
        select proposer_id as member from trades where status = 'completed'
        union all select receiver_id from trades where status = 'completed') x group by member) c
    where c.member = u.id`);
  for (const table of SERIAL_TABLES) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table})))`);
  }
}
