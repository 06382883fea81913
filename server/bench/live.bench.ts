import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client';
import { prepareTargets, settleStoredMatches } from './api/prepare';
import { startServer, type ServerProcess } from './api/server-process';
import { loadAverage } from './api/drive';
import { watchRss } from './api/rss-watch';

/**
 * `npm run bench:live [-- --streams 1000 --rate 200 --duration 20 --port 5130]`: live delivery
 * (server/bench/README.md "Live delivery benchmark"). Every bench member holds an open event
 * stream; messages are posted into their conversations at a steady rate, and each is timed from
 * just before its POST to its arrival on the other member's stream. Runs on one instance, then
 * (with DATABASE_URL) on two instances on the same PostgreSQL, receivers on the other instance.
 */
const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    port: { type: 'string', default: '5130' },
    // Writes a V8 heap snapshot of the first instance here at its RSS peak (the run's latencies then mean nothing).
    'heap-snapshot': { type: 'string' },
  },
});
const streamCount = Number(values.streams);
const rate = Number(values.rate);
const duration = Number(values.duration);
const port = Number(values.port);
const log = (line: string) => console.error(`[bench:live] ${line}`);

interface Member {
  memberId: string;
  cookie: string;
  conversationId: number;
  /** The other member of the conversation. */
  partner: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** Opens one SSE stream; calls onMessage(messageId) for every message.created event that arrives on it. */
function openStream(origin: string, cookie: string, onMessage: (messageId: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened) {
            opened = true;
            resolve(() => request.destroy());
          }
          if (!event.includes('event: message.created')) continue;
          const match = /"messageId":(\d+)/.exec(event);
          if (match) onMessage(Number(match[1]));
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

async function measure(servers: ServerProcess[], members: Member[]): Promise<void> {
  // The event only carries the message id, which the POST answers with; the event may come first,
  // so arrivals and sends are joined at the end.
  const arrivals = new Map<string, number>();
  const sent: { messageId: number; at: number; answeredAt: number; to: number }[] = [];
  const latencies: number[] = [];
  /** Arrival after the POST's answer: the fan-out alone, without the time the POST waited (negative when the event came first). */
  const afterAnswer: number[] = [];
  const postTimes: number[] = [];
  let failures = 0;
  const closers: (() => void)[] = [];
  // Members alternate between instances; a conversation's two members sit on different ones.
  const instanceOf = (i: number) => servers[i % servers.length]!;
  const opening = performance.now();
  for (let from = 0; from < members.length; from += 50) {
    const batch = members.slice(from, from + 50).map((member, k) => {
      const index = from + k;
      return openStream(instanceOf(index).origin, member.cookie, (messageId) => {
        arrivals.set(`${messageId}:${index}`, performance.now());
      });
    });
    closers.push(...(await Promise.all(batch)));
  }
  log(
    `${members.length} streams open on ${servers.length} instance(s) in ${((performance.now() - opening) / 1000).toFixed(1)} s; posting ${rate}/s for ${duration} s`,
  );

  let seq = 0;
  let rss = 0;
  const total = rate * duration;
  const started = performance.now();
  const posts: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      rss = Math.max(rss, ...servers.map((s) => s.rssMb() ?? 0));
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (seq < due) {
        const n = seq++;
        const senderIndex = (n * 7919) % members.length;
        const sender = members[senderIndex]!;
        const server = instanceOf(senderIndex);
        const at = performance.now();
        posts.push(
          fetch(`${server.origin}/api/conversations/${sender.conversationId}/messages`, {
            method: 'POST',
            headers: { cookie: sender.cookie, origin: server.origin, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ content: `Live bench ${n}: still up for the swap?` }),
          }).then(
            async (response) => {
              const answeredAt = performance.now();
              postTimes.push(answeredAt - at);
              const body = (await response.json()) as { id?: number };
              if (response.status === 201 && body.id) sent.push({ messageId: body.id, at, answeredAt, to: sender.partner });
              else failures++;
            },
            () => {
              failures++;
            },
          ),
        );
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(posts);
  const postedIn = (performance.now() - started) / 1000;
  // Give the last events time to arrive.
  const drainUntil = performance.now() + 5000;
  const missing = () => sent.filter((s) => !arrivals.has(`${s.messageId}:${s.to}`)).length;
  while (missing() > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
  closers.forEach((close) => close());
  for (const s of sent) {
    const arrived = arrivals.get(`${s.messageId}:${s.to}`);
    if (arrived === undefined) continue;
    latencies.push(arrived - s.at);
    afterAnswer.push(arrived - s.answeredAt);
  }
  latencies.sort((a, b) => a - b);
  afterAnswer.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(
    `| ${servers.length === 1 ? 'one instance' : 'two instances, one PostgreSQL'} | ${members.length} | ${f(total / postedIn)} | ${latencies.length} / ${total - failures} | ${f(percentile(latencies, 50))} | ${f(percentile(latencies, 99))} | ${f(latencies.at(-1) ?? NaN)} | ${f(percentile(afterAnswer, 50))} | ${f(percentile(afterAnswer, 99))} | ${f(percentile(postTimes, 50))} | ${f(percentile(postTimes, 99))} | ${failures} | ${rss.toFixed(0)} | ${loadAverage() ?? '–'} |`,
  );
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const sessionSecret = randomBytes(36).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-bench-live-'));
  const servers: ServerProcess[] = [];
  try {
    if (!databaseUrl) {
      const seeding = await startServer({ port, dataDir, sessionSecret, env: { SEED_DEMO: '1' } });
      await seeding.stop();
    }
    const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteDir: path.join(dataDir, 'pglite') });
    let members: Member[];
    try {
      const targets = await prepareTargets(database.db, sessionSecret, log);
      await settleStoredMatches(database, log);
      const posters = targets.posters.slice(0, streamCount - (streamCount % 2));
      // posters come in conversation pairs: [low, high, low, high, ...]
      members = posters.map((p, i) => ({
        memberId: p.memberId,
        cookie: p.cookie,
        conversationId: p.conversationId,
        partner: i % 2 === 0 ? i + 1 : i - 1,
      }));
    } finally {
      await database.close();
    }
    const rateCap = members.length / 2;
    if (rate > rateCap)
      log(
        `note: each member may send 30 messages a minute; ${rate}/s over ${members.length} members exceeds that after ${((members.length * 30) / rate).toFixed(0)} s`,
      );
    console.log(
      `\nLive delivery: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${cpus().length} CPUs, Node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log(
      '| setup | streams | posted/s | delivered | p50 ms | p99 ms | max ms | after answer p50 ms | after answer p99 ms | POST p50 ms | POST p99 ms | failed posts | RSS MB (max of instances) | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    // The first instance's memory by phase (its memory probe on port + 2: the second instance listens on port + 1).
    servers.push(await startServer({ port, databaseUrl, dataDir, sessionSecret, env: { SEED_DEMO: '0' }, memoryProbePort: port + 2 }));
    const heapDir = values['heap-snapshot'];
    if (heapDir) mkdirSync(heapDir, { recursive: true });
    const memory = watchRss(servers[0]!, { heapSnapshotDir: heapDir, log });
    await memory.mark('after start');
    await measure(servers, members);
    await memory.mark('after one instance');
    if (databaseUrl) {
      servers.push(await startServer({ port: port + 1, databaseUrl, dataDir, sessionSecret, env: { SEED_DEMO: '0' } }));
      await measure(servers, members);
      await memory.mark('after two instances (the first one)');
    } else {
      log('two instances need PostgreSQL (DATABASE_URL); skipped');
    }
    await memory.finish();
    memory.print();
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
