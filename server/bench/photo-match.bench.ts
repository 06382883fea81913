/**
 * Photo-matching benchmark (npm run bench:photos, issue #41), two measures:
 *
 * 1. Lookup at scale: a new photo matched against BENCH_PHOTOS (100,000) stored photos in
 *    PostgreSQL, through the photo index's one statement (findCandidatePrints) and the geometric
 *    check of its candidates. Stored photos are synthetic: 64 descriptors each, every bit drawn
 *    with the frequency that bit has across the real descriptors of BENCH_REAL_PHOTOS photos drawn
 *    by the test generators (ORB through OpenCV), so the keys keep the skew of ORB's bits while
 *    every stored photo is distinct (bits are drawn independently: real descriptors' bits also
 *    depend on each other, which makes some runs commoner than here). The real photos
 *    are stored too, with their features; queries are disguised copies of them (turned, cropped,
 *    framed, captioned, recoloured, collaged, screenshotted). Reports p50/p99 of the statement
 *    uncached (each query's first run, PostgreSQL's buffers dropped by a restart is out of reach
 *    here, so "first run" is the honest cold figure) and cached (the same query again), of the
 *    geometric check, and of reading the photo's features, with the load average beside them.
 * 2. False matches: BENCH_DISTINCT (10,000) genuinely different generated photos, each checked
 *    against all those before it through an in-memory copy of the same index (same keys, votes
 *    and candidate limit) and the same geometric check; every pair is either a candidate checked
 *    or ruled out by the index. Reports false pairs / pairs.
 *
 * DATABASE_URL names the server (default postgres://root@127.0.0.1:5432/test); the benchmark uses
 * its own database (bench-database.ts). BENCH_SKIP_LOOKUP or BENCH_SKIP_FALSE skip a measure.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';
import { runMigrations } from '../src/db/migrate';
import { findCandidatePrints } from '../src/modules/uploads/photo-index/photo-prints.repository';
import { BUCKET_CAP, MAX_CANDIDATES, MIN_VOTES } from '../src/modules/uploads/photo-index/find-copied-photos';
import { indexKeys, INDEXED_KEYPOINTS, KEYS_VERSION, LOOKUP_KEYPOINTS, queryKeys } from '../src/modules/uploads/photo-match/feature-keys';
import { loadSharp } from '../src/modules/uploads/load-sharp';
import { matchFeatures, MIN_INLIERS } from '../src/modules/uploads/photo-match/match-features';
import {
  decodeFeatures,
  DESCRIPTOR_BYTES,
  encodeFeatures,
  extractFeatures,
  QUERY_KEYPOINTS,
  type PhotoFeatures,
} from '../src/modules/uploads/photo-match/photo-features';
import { generatedPhoto, seededRandom } from '../src/modules/verification/test-support/generated-photo';
import { HARD_DISGUISES, whiteBackgroundShoe } from '../src/modules/verification/test-support/hard-disguises';
import { ensureBenchDatabase } from './bench-database';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const REAL = Number(process.env.BENCH_REAL_PHOTOS ?? 120);
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 10_000);
/** BENCH_BUCKET_CAP and BENCH_MIN_VOTES try other settings than the app's (find-copied-photos.ts) without reloading. */
const BUCKET_CAP_USED = Number(process.env.BENCH_BUCKET_CAP ?? BUCKET_CAP);
const MIN_VOTES_USED = Number(process.env.BENCH_MIN_VOTES ?? MIN_VOTES);
/** BENCH_LOOKUP_KEYPOINTS looks up fewer of a checked photo's keypoints than the app does (LOOKUP_KEYPOINTS). */
const LOOKUP_USED = Number(process.env.BENCH_LOOKUP_KEYPOINTS ?? LOOKUP_KEYPOINTS);
/** A photo's `n` strongest keypoints (features are kept strongest first). */
const strongest = (f: PhotoFeatures, n: number): PhotoFeatures => ({
  ...f,
  points: f.points.subarray(0, n * 2),
  descriptors: f.descriptors.subarray(0, n * DESCRIPTOR_BYTES),
});
const OWNER = '00000000-0000-4000-8000-000000000001';
const QUERIER = '00000000-0000-4000-8000-000000000002';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const summary = (name: string, values: number[]) =>
  console.log(
    `${name}: p50 ${pct(values, 50).toFixed(1)} ms, p95 ${pct(values, 95).toFixed(1)} ms, p99 ${pct(values, 99).toFixed(1)} ms over ${values.length} (load average ${load()})`,
  );

/** Fits this weak are read too, to show how far from the threshold (MIN_INLIERS) copies and different photos fall. */
const WEAK_FIT = 8;
/** Counts per inlier band, and the largest value. */
const histogram = (values: number[]) => {
  const bands = [0, 8, 12, 16, 20, 24, 27, 33, 50, 100];
  const counts = bands.map((lo, i) => values.filter((v) => v >= lo && v < (bands[i + 1] ?? Infinity)).length);
  return `${bands.map((lo, i) => `${lo}${bands[i + 1] ? `-${bands[i + 1]! - 1}` : '+'}: ${counts[i]}`).join(', ')} (max ${values.length ? Math.max(...values) : '-'}, min ${values.length ? Math.min(...values) : '-'})`;
};

/** A real photo of the generators: half busy scenes, half white-background studio shots. */
const realPhoto = (seed: number, width = 800, height = 600) =>
  seed % 2 === 0 ? generatedPhoto(seed, width, height) : whiteBackgroundShoe(seed, width, height);

/** How often each of the 256 descriptor bits is set across the real photos' descriptors (ORB's bits are skewed, not fair coins). */
function bitFrequencies(bank: PhotoFeatures[]): Float64Array {
  const ones = new Float64Array(256);
  let total = 0;
  for (const f of bank) {
    for (let at = 0; at < f.descriptors.length; at += DESCRIPTOR_BYTES) {
      total += 1;
      for (let bit = 0; bit < 256; bit++) if (f.descriptors[at + (bit >> 3)]! & (1 << (bit & 7))) ones[bit] = ones[bit]! + 1;
    }
  }
  return ones.map((n) => n / total);
}

/** A distinct synthetic photo's features: INDEXED_KEYPOINTS descriptors whose bits are drawn with the real bits' frequencies, at random points. */
function syntheticFeatures(frequencies: Float64Array, random: () => number): PhotoFeatures {
  const n = INDEXED_KEYPOINTS;
  const descriptors = new Uint8Array(n * DESCRIPTOR_BYTES);
  for (let k = 0; k < n; k++) {
    for (let bit = 0; bit < 256; bit++) if (random() < frequencies[bit]!) descriptors[k * DESCRIPTOR_BYTES + (bit >> 3)]! |= 1 << (bit & 7);
  }
  const points = Float32Array.from({ length: n * 2 }, () => random() * 512);
  return { width: 512, height: 384, points, descriptors };
}

/** The bench's database: PostgreSQL (DATABASE_URL, its own database beside it) or PGlite (BENCH_DB=pglite, kept in BENCH_PGLITE_DIR). */
async function openBenchDatabase(): Promise<{ database: Database; copy: (into: string, text: string) => Promise<void>; close: () => Promise<void> }> {
  if (process.env.BENCH_DB === 'pglite') {
    const dir = process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), 'soleswap-photo-bench', 'pglite');
    mkdirSync(dir, { recursive: true });
    const database = await openDatabase({ pgliteDir: dir });
    const copy = async (into: string, text: string) => {
      await database.pglite!.query(`copy ${into} from '/dev/blob'`, [], { blob: new Blob([text]) });
    };
    return { database, copy, close: () => database.close() };
  }
  const url = await ensureBenchDatabase(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test');
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const copy = (into: string, text: string) =>
    new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFrom(`copy ${into} from stdin`));
      stream.once('finish', () => resolve());
      stream.once('error', reject);
      stream.end(text);
    });
  return {
    database,
    copy,
    close: async () => {
      await client.end();
      await database.close();
    },
  };
}

async function lookupAtScale(bank: PhotoFeatures[], bankPhotos: Buffer[]) {
  const { database, copy, close } = await openBenchDatabase();
  await runMigrations(database);
  const db = database.db;
  const count =
    rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from photo_prints where keys_version = ${KEYS_VERSION}`))[0]
      ?.count ?? 0;
  if (count !== PHOTOS) {
    console.log(`loading ${PHOTOS} stored photos into ${database.kind} (${load()})...`);
    const loadStarted = performance.now();
    await db.execute(sql`truncate photo_prints, photo_print_keys restart identity`);
    const seen = new Date('2026-01-01T00:00:00Z').getTime();
    /** The i-th stored photo's features: the real photos first (ids 1..REAL), then synthetic ones, the same on every pass. */
    const random = seededRandom(41);
    const frequencies = bitFrequencies(bank);
    const featuresAt = (i: number) => (i < bank.length ? bank[i]! : syntheticFeatures(frequencies, random));
    await db.execute(sql`alter table photo_print_keys drop constraint if exists photo_print_keys_key_print_id_pk`);
    await db.execute(sql`alter table photo_print_keys drop constraint if exists photo_print_keys_print_id_fkey`);
    let keyRows = 0;
    let printBatch = '';
    let keyBatch = '';
    for (let i = 0; i < PHOTOS; i++) {
      const features = featuresAt(i);
      const stored = i < bank.length ? encodeFeatures(features) : '';
      printBatch += `${i + 1}\t${OWNER}\t/uploads/bench/${i + 1}.webp\t${new Date(seen + i * 1000).toISOString()}\t0\t${stored}\t${KEYS_VERSION}\n`;
      for (const key of indexKeys(features)) {
        keyBatch += `${key}\t${i + 1}\n`;
        keyRows += 1;
      }
      if (i % 5000 === 4999 || i === PHOTOS - 1) {
        await copy('photo_prints (sneaker_id, owner_id, image_url, seen_at, fingerprint, features, keys_version)', printBatch);
        await copy('photo_print_keys (key, print_id)', keyBatch);
        printBatch = '';
        keyBatch = '';
      }
    }
    await db.execute(sql`alter table photo_print_keys add constraint photo_print_keys_key_print_id_pk primary key (key, print_id)`);
    await db.execute(sql`analyze photo_prints`);
    await db.execute(sql`analyze photo_print_keys`);
    console.log(`loaded: ${keyRows} keys in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s (${load()})`);
  }
  const sharp = await loadSharp();
  const disguises = Object.values(HARD_DISGUISES);
  const cold: number[] = [];
  const warm: number[] = [];
  const both: number[] = [];
  const checks: number[] = [];
  const reads: number[] = [];
  const candidateCounts: number[] = [];
  const genuine: number[] = [];
  const byDisguise = new Map<string, [number, number]>();
  let found = 0;
  let asked = 0;
  for (let q = 0; q < bank.length; q++) {
    const copied = await disguises[q % disguises.length]!(bankPhotos[q]!, [
      bankPhotos[(q + 1) % bank.length]!,
      bankPhotos[(q + 2) % bank.length]!,
      bankPhotos[(q + 3) % bank.length]!,
    ]);
    let t = performance.now();
    const features = await extractFeatures(copied, QUERY_KEYPOINTS);
    reads.push(performance.now() - t);
    // The lookup reads the mirror image too (find-copied-photos.ts): a second statement.
    const mirrored = await extractFeatures(await sharp(copied).flop().png().toBuffer(), QUERY_KEYPOINTS);
    const ask = (f: PhotoFeatures) => ({
      keys: queryKeys(strongest(f, LOOKUP_USED)),
      sneakerId: 0,
      ownerId: QUERIER,
      before: new Date('2100-01-01'),
      beforeId: 0,
      minVotes: MIN_VOTES_USED,
      limit: MAX_CANDIDATES,
      bucketCap: BUCKET_CAP_USED,
    });
    t = performance.now();
    const candidates = await findCandidatePrints(db, ask(features));
    cold.push(performance.now() - t);
    t = performance.now();
    await findCandidatePrints(db, ask(mirrored));
    both.push(cold[cold.length - 1]! + performance.now() - t);
    t = performance.now();
    await findCandidatePrints(db, ask(features));
    warm.push(performance.now() - t);
    candidateCounts.push(candidates.length);
    t = performance.now();
    let hit = false;
    for (const c of candidates) {
      if (!c.features) continue;
      const m = await matchFeatures(decodeFeatures(c.features), features, WEAK_FIT);
      if (c.id === q + 1) genuine.push(m?.inliers ?? 0);
      if (m && m.inliers >= MIN_INLIERS && c.id === q + 1) hit = true;
    }
    checks.push(performance.now() - t);
    asked += 1;
    if (hit) found += 1;
    const name = Object.keys(HARD_DISGUISES)[q % disguises.length]!;
    const tally = byDisguise.get(name) ?? [0, 0];
    byDisguise.set(name, [tally[0] + (hit ? 1 : 0), tally[1] + 1]);
  }
  console.log(
    `\nLookup among ${PHOTOS} stored photos in ${database.kind} (stop list above ${BUCKET_CAP_USED} photos, ${MIN_VOTES_USED} keys in common, ${LOOKUP_USED} keypoints looked up; ${bank.length} disguised copies asked; original found for ${found} of ${asked}; candidates per lookup p50 ${pct(candidateCounts, 50)}, max ${Math.max(...candidateCounts)}):`,
  );
  console.log(`  found by disguise: ${[...byDisguise].map(([name, [hit, of]]) => `${name} ${hit}/${of}`).join(', ')}`);
  summary('  index statement, uncached (first run)', cold);
  summary('  index statement, cached (same query again)', warm);
  summary('  index statements of the photo and its mirror image (first run)', both);
  summary(`  geometric check of up to ${MAX_CANDIDATES} candidates`, checks);
  summary(`  reading the photo's features (${QUERY_KEYPOINTS} keypoints)`, reads);
  const total = cold.map((c, i) => c + checks[i]!);
  summary('  lookup + check (uncached statement)', total);
  console.log(`  inliers of each copy with its original, when among the candidates (threshold ${MIN_INLIERS}): ${histogram(genuine)}`);
  await close();
}

/**
 * The distinct photos' features (stored and checked reading), cached one photo a line in
 * BENCH_CACHE_DIR (default the system's temporary folder): drawing and reading 10,000 photos is the
 * long part, and the cache lets the index and the check be measured again without it. An
 * interrupted run goes on from the last photo written.
 */
async function distinctFeatures(): Promise<{ own: PhotoFeatures[]; query: PhotoFeatures[] }> {
  const dir = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'soleswap-photo-bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `distinct-features-v1.tsv`);
  const own: PhotoFeatures[] = [];
  const query: PhotoFeatures[] = [];
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (own.length >= DISTINCT) break;
      const [a, b] = line.split('\t');
      if (!a || !b) continue;
      own.push(decodeFeatures(a));
      query.push(decodeFeatures(b));
    }
  }
  if (own.length < DISTINCT) console.log(`  reading features of photos ${own.length + 1} to ${DISTINCT} (cached in ${file})`);
  const started = performance.now();
  let lines = '';
  for (let i = own.length; i < DISTINCT; i++) {
    const photo = await realPhoto(1_000_000 + i, 480, 360);
    const [a, b] = [await extractFeatures(photo), await extractFeatures(photo, QUERY_KEYPOINTS)];
    own.push(a);
    query.push(b);
    lines += `${encodeFeatures(a)}\t${encodeFeatures(b)}\n`;
    if ((i + 1) % 100 === 0 || i + 1 === DISTINCT) {
      appendFileSync(file, lines);
      lines = '';
    }
    if ((i + 1) % 500 === 0) console.log(`  ${i + 1} photos read (${((performance.now() - started) / 1000).toFixed(0)} s, load ${load()})`);
  }
  return { own, query };
}

async function falseMatches() {
  console.log(`\nFalse matches among ${DISTINCT} different photos (${load()})...`);
  const { own: ownAll, query: queryAll } = await distinctFeatures();
  const index = new Map<number, number[]>();
  const stored: PhotoFeatures[] = [];
  let falsePairs = 0;
  let checked = 0;
  const impostors: number[] = [];
  const started = performance.now();
  for (let i = 0; i < DISTINCT; i++) {
    const own = ownAll[i]!;
    const query = queryAll[i]!;
    const votes = new Map<number, number>();
    for (const key of queryKeys(strongest(query, LOOKUP_USED))) {
      const bucket = index.get(key) ?? [];
      // The stop list, as findCandidatePrints keeps it.
      if (bucket.length > BUCKET_CAP_USED) continue;
      for (const id of bucket) votes.set(id, (votes.get(id) ?? 0) + 1);
    }
    const candidates = [...votes]
      .filter(([, v]) => v >= MIN_VOTES_USED)
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_CANDIDATES);
    for (const [id] of candidates) {
      checked += 1;
      const weak = await matchFeatures(stored[id]!, query, WEAK_FIT);
      impostors.push(weak?.inliers ?? 0);
      const m = weak && weak.inliers >= MIN_INLIERS ? weak : null;
      if (m) {
        falsePairs += 1;
        console.log(`  false match: photo ${id} and ${i} (${m.inliers} points)`);
      }
    }
    stored.push(own);
    for (const key of indexKeys(own)) {
      const list = index.get(key);
      if (list) list.push(i);
      else index.set(key, [i]);
    }
    if ((i + 1) % 1000 === 0)
      console.log(
        `  ${i + 1} photos, ${checked} candidates checked, ${falsePairs} false (${((performance.now() - started) / 1000).toFixed(0)} s, load ${load()})`,
      );
  }
  const pairs = (DISTINCT * (DISTINCT - 1)) / 2;
  console.log(
    `  inliers of the different photos checked geometrically (threshold ${MIN_INLIERS}; 0: no fit of ${WEAK_FIT}): ${histogram(impostors)}`,
  );
  console.log(
    `False matches: ${falsePairs} of ${pairs} pairs (${checked} checked geometrically, the rest ruled out by the index): ${((falsePairs / pairs) * 1e6).toFixed(3)} per million`,
  );
}

async function main() {
  if (process.env.BENCH_FEATURES_ONLY) {
    await distinctFeatures();
    return;
  }
  if (!process.env.BENCH_SKIP_LOOKUP) {
    const photos = await Promise.all(Array.from({ length: REAL }, (_, i) => realPhoto(500_000 + i)));
    const bank = [];
    for (const p of photos) bank.push(await extractFeatures(p));
    await lookupAtScale(bank, photos);
  }
  if (!process.env.BENCH_SKIP_FALSE) await falseMatches();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
