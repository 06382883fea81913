import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LoadRefused, loadMarket } from './load/load-market';

/**
 * `npm run db:load -- --users 100000 --sneakers 1000000 --trades 200000 --messages 2000000 [--ledger N] [--seed N] [--reset] [--matches all|none]`:
 * fills the PostgreSQL at DATABASE_URL with a generated market (server/bench/README.md "Load data")
 * and writes the members the benchmarks use to server/bench/.load-fixtures.json.
 */
export const FIXTURES_FILE = path.join(import.meta.dirname, '.load-fixtures.json');

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    sneakers: { type: 'string', default: '1000000' },
    trades: { type: 'string', default: '200000' },
    messages: { type: 'string', default: '2000000' },
    ledger: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    matches: { type: 'string', default: 'all' },
  },
});

const whole = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number (got ${raw})`);
    process.exit(2);
  }
  return n;
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must name the PostgreSQL database to fill, e.g. postgres://root@127.0.0.1:5432/soleswap_load');
  process.exit(2);
}

const options = {
  users: whole('users', values.users),
  sneakers: whole('sneakers', values.sneakers),
  trades: whole('trades', values.trades),
  messages: whole('messages', values.messages),
  ledger: whole('ledger', values.ledger),
  seed: whole('seed', values.seed),
  reset: values.reset ?? false,
  fillMatches: values.matches !== 'none',
};
if (values.matches !== 'all' && values.matches !== 'none') {
  console.error(`--matches must be all or none (got ${values.matches})`);
  process.exit(2);
}

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const isTty = process.stderr.isTTY;
let lastTable = '';
let lastDraw = 0;

/** One line per table, redrawn in place on a terminal (every few seconds otherwise). */
function progress(table: string, done: number, estimate: number) {
  const now = performance.now();
  const total = Math.max(estimate, done);
  const finished = done === total && done > 0 && total === estimate;
  if (!finished && table === lastTable && now - lastDraw < (isTty ? 100 : 5000)) return;
  lastDraw = now;
  if (table !== lastTable && lastTable && isTty) process.stderr.write('\n');
  lastTable = table;
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const width = 30;
  const bar = '█'.repeat(Math.round(share * width)).padEnd(width, '░');
  const line = `${table.padEnd(16)} ${bar} ${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en-US').padStart(11)} / ${total.toLocaleString('en-US')}  ${seconds()} s`;
  if (isTty) process.stderr.write(`\r${line}`);
  else process.stderr.write(`${line}\n`);
}

try {
  const fixtures = await loadMarket(databaseUrl, options, progress, (line) => process.stderr.write(`${isTty ? '\n' : ''}${line}\n`));
  if (isTty) process.stderr.write('\n');
  writeFileSync(FIXTURES_FILE, `${JSON.stringify(fixtures, null, 2)}\n`);
  console.log(`Loaded in ${seconds()} s (VACUUM ANALYZE done).`);
  for (const [table, n] of Object.entries(fixtures.counts)) console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US').padStart(11)}`);
  console.log(`Collector (${fixtures.collectorSneakers} sneakers, premium): ${fixtures.collectorId}`);
  console.log(`Trader (${fixtures.traderTrades} trades): ${fixtures.traderId}`);
  console.log(`Chat trade (${fixtures.chatMessages} messages): ${fixtures.chatTradeId}`);
  console.log(`Fixtures written to ${path.relative(process.cwd(), FIXTURES_FILE)}`);
} catch (error) {
  console.error(error instanceof LoadRefused ? error.message : error);
  process.exit(1);
}
