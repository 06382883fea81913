/**
 * RSS of the embedded server through a member's walk (`npx tsx server/bench/walk-memory.probe.ts`):
 * the first start of a new data directory (which seeds the demo), a restart, two members reading
 * every member page's API and the app shell three times over, then three photo uploads (a 6 MP
 * JPEG each). Prints VmRSS (anonymous and file-backed, /proc/<pid>/smaps_rollup) after each step.
 * `WALK_ENV=KEY=value,…` passes settings to both starts (e.g. RESPONSE_CACHE_MB=0). Throw-away
 * data directory; port 5391. Figures: docs/benchmarks.md, "Memory".
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { prepareTargets } from './api/prepare';
import { startServer } from './api/server-process';

const port = 5391;
const env = process.env.WALK_ENV ? Object.fromEntries(process.env.WALK_ENV.split(',').map((kv) => kv.split('='))) : {};
const sessionSecret = randomBytes(36).toString('base64url');
const dataDir = mkdtempSync(path.join(tmpdir(), 'p2-walk-'));
const smaps = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const f = (k: string) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024);
  return `RSS ${f('Rss')} MB (anon ${f('Anonymous')}, file ${f('Rss') - f('Anonymous')})`;
};
try {
  const seeding = await startServer({ port, dataDir, sessionSecret, env: { SEED_DEMO: '1', ...env } });
  console.log('first start (demo seeded)', smaps(seeding.pid));
  await new Promise((r) => setTimeout(r, 5000));
  console.log('first start, 5 s later', smaps(seeding.pid));
  await seeding.stop();
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const t = await prepareTargets(database.db, sessionSecret, () => undefined, { posters: 20, sneakersEach: 1, sneakerOwners: 10 });
  await database.close();
  const server = await startServer({ port, dataDir, sessionSecret, env: { SEED_DEMO: '0', ...env } });
  console.log('after start', smaps(server.pid));
  const pages = (id: string) => [
    '/',
    '/browse',
    '/trades',
    '/wants',
    '/loops',
    '/portfolio',
    '/sneaker-library',
    '/api/sneakers/public',
    '/api/sneakers/public?q=jordan',
    '/api/sneakers/public?q=retro&brand=Jordan',
    '/api/catalog',
    `/api/sneakers/user/${id}`,
    '/api/trades',
    '/api/trades/counts',
    '/api/notifications',
    '/api/wants',
    '/api/matches',
    '/api/loops',
    '/api/analytics/portfolio',
    '/api/conversations',
    '/api/chat/unread',
    `/api/users/${id}`,
    `/api/users/${id}/followers`,
    `/api/catalog/prices?ids=1,2,3&period=1y`,
    '/api/payments',
  ];
  for (const who of [t.collector, t.trader]) {
    for (let round = 0; round < 3; round++) {
      for (const p of pages(who.id)) {
        const r = await fetch(`${server.origin}${p}`, { headers: { cookie: who.cookie } });
        await r.arrayBuffer();
        if (round === 0 && r.status >= 400) console.log(p, r.status);
      }
    }
    console.log(`after walk of ${who.id.slice(-4)}`, smaps(server.pid));
  }
  const { default: sharp } = await import('sharp');
  const noise = Buffer.alloc(3000 * 2000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  console.log('image bytes', jpeg.length);
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${server.origin}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: t.collector.cookie,
        origin: server.origin,
        'content-type': 'application/json',
        'idempotency-key': randomBytes(8).toString('hex'),
      },
      body: JSON.stringify({ dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}` }),
    });
    console.log('upload', r.status, (await r.text()).slice(0, 100));
    console.log('after upload', i + 1, smaps(server.pid));
  }
  await new Promise((r) => setTimeout(r, 5000));
  console.log('5 s later', smaps(server.pid));
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
