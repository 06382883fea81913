#!/usr/bin/env node
// npm run bench:web — the web client's budgets (docs/benchmarks.md):
//   1. builds the client with hidden source maps into a scratch folder (not web/dist) and adds up,
//      per first page, the gzip size of the JavaScript it needs before it can render (entry +
//      static imports + the route's lazy chunk and its static imports), against the budgets in
//      scripts/web-budget.json; for each page with a budget it prints each module's (or package's)
//      share, read from the source maps, and the modules that grew since the baseline recorded
//      there (`--record-baseline` records the current build as the new baseline);
//   2. builds the production client (npm run build) and starts it like `npm start` on a throw-away
//      PGlite data directory with the demo community and runs Lighthouse (mobile, Debian's
//      Chromium) on the same pages for performance and accessibility. Lighthouse is not among the
//      root dependencies (a first `npm install` would fetch 161 packages, 189 MB, for this bench
//      alone): the first run installs it from tools/lighthouse's lockfile (`npm ci` there, about
//      half a minute) and reuses it after.
// A JavaScript budget missed exits 1 (after naming what grew); a missed Lighthouse score or a
// route-only library on a first page prints MISS only. Without Chromium, step 2 is skipped.
//
// Options: --no-build (reuse both builds), --no-lighthouse, --runs=N (median of N Lighthouse runs),
//          --port=N (default 5110, or BENCH_WEB_PORT), --save=DIR (keep each Lighthouse report as JSON),
//          --only=TEXT (Lighthouse only on the pages whose name contains TEXT, e.g. --only=member),
//          --top=N (modules listed per budgeted page, default 15), --record-baseline.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { addShares, attributeChunk, checkBudget } from './web-size.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The build step 1 measures: like web/dist, plus hidden source maps (same chunks, no map comment). */
const DIST = path.join(tmpdir(), 'soleswap-bench-web-size');
const BUDGET_FILE = path.join(ROOT, 'scripts', 'web-budget.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PORT = Number(option('port', process.env.BENCH_WEB_PORT ?? '5110'));
const RUNS = Math.max(1, Number(option('runs', '1')));
const SAVE_DIR = option('save', null);
const ONLY = option('only', null);
const TOP = Number(option('top', '15'));

/** The signed-in member the bench acts as: a demo member, so the home has counters and drops. */
const MEMBER_EMAIL = 'kicksqueen@soleswap.local';

/**
 * The first pages measured; the budgets (KB of gzip JavaScript) and baselines are in
 * scripts/web-budget.json under the same names, and pages without one are measured and printed only.
 */
const PAGES = [
  // What a visitor's / loads: the landing page (the early-access page is lazy within it, #44).
  { name: 'visitor /', path: '/', lazy: ['src/app/pages/visitor-home-route.tsx'] },
  { name: '/browse', path: '/browse', lazy: ['src/features/sneakers/components/browse-page.tsx'] },
  { name: '/sneaker-library', path: '/sneaker-library', lazy: ['src/app/pages/library-route.tsx'] },
  {
    name: 'member /',
    path: '/',
    signedIn: true,
    // The member's app bar is its own chunk, loaded on every signed-in page.
    lazy: ['src/app/pages/home-page.tsx', 'src/app/layout/nav-bar.tsx'],
  },
];
const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 95 };

/** Code that must stay in the pages that use it (matched in chunk text). */
const ROUTE_ONLY = [
  { what: 'charts (recharts)', marker: 'recharts-' },
  { what: 'payment form (Stripe)', marker: 'js.stripe.com' },
  { what: 'zod', marker: '_zod' },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);
const pad = (value, width) => String(value).padEnd(width);
const padLeft = (value, width) => String(value).padStart(width);

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

// ---------------------------------------------------------------- 1. JavaScript per first page

function readManifest() {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (drop --no-build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The manifest key of `src` plus everything it imports statically, depth first. */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) {
    // A module bundled into another chunk has no entry of its own; say so rather than guess.
    console.log(`note: ${key} is not a chunk of its own in this build (bundled elsewhere, or renamed: see PAGES)`);
    return into;
  }
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const gzipCache = new Map();
function fileFacts(file) {
  if (!gzipCache.has(file)) {
    const text = readFileSync(path.join(DIST, file));
    const mapFile = path.join(DIST, `${file}.map`);
    gzipCache.set(file, {
      raw: text.length,
      gzip: gzipSync(text, { level: 9 }).length,
      text: text.toString('utf8'),
      map: existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : null,
      mapDir: path.dirname(mapFile),
    });
  }
  return gzipCache.get(file);
}

function readBudgets() {
  return existsSync(BUDGET_FILE) ? JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) : { pages: {} };
}

/** Each module's (or package's) share of the page's gzip bytes, from the chunks' source maps. */
function moduleShares(facts) {
  const shares = new Map();
  for (const f of facts) {
    addShares(shares, attributeChunk({ code: f.text, map: f.map, mapDir: f.mapDir, root: ROOT, gzipBytes: f.gzip }));
  }
  return Object.fromEntries([...shares].sort((x, y) => y[1] - x[1]).map(([name, bytes]) => [name, Math.round(bytes)]));
}

/** @returns {boolean} whether every page is within its JavaScript budget */
function measureJavaScript() {
  const manifest = readManifest();
  const budgets = readBudgets();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const rows = [];
  for (const page of PAGES) {
    const keys = new Set();
    staticClosure(manifest, entryKey, keys);
    for (const lazy of page.lazy) staticClosure(manifest, lazy, keys);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    const facts = files.map(fileFacts);
    const gzip = facts.reduce((sum, f) => sum + f.gzip, 0);
    const raw = facts.reduce((sum, f) => sum + f.raw, 0);
    const leaks = ROUTE_ONLY.filter((r) => facts.some((f) => f.text.includes(r.marker))).map((r) => r.what);
    const budget = budgets.pages[page.name];
    rows.push({ page, budget, files: files.length, raw, gzip, leaks, modules: budget ? moduleShares(facts) : null });
  }

  console.log('\nJavaScript each first page needs (entry + static imports + route chunk), gzip level 9:\n');
  console.log(`${pad('page', 18)}${padLeft('files', 6)}${padLeft('raw KB', 9)}${padLeft('gzip KB', 9)}  budget`);
  for (const row of rows) {
    const budgetKb = row.budget?.budgetKb;
    const budget = budgetKb ? `${row.gzip / 1024 <= budgetKb ? 'ok  ' : 'MISS'} ≤ ${budgetKb} KB` : '—';
    console.log(`${pad(row.page.name, 18)}${padLeft(row.files, 6)}${padLeft(kb(row.raw), 9)}${padLeft(kb(row.gzip), 9)}  ${budget}`);
  }
  for (const row of rows) {
    if (row.leaks.length) console.log(`MISS ${row.page.name} carries ${row.leaks.join(', ')}`);
  }
  if (rows.every((row) => row.leaks.length === 0)) {
    console.log(`ok   none of these pages carries ${ROUTE_ONLY.map((r) => r.what).join(', ')}`);
  }

  let withinBudget = true;
  for (const row of rows.filter((r) => r.budget)) {
    const baseline = row.budget.baseline;
    const result = checkBudget({ totalBytes: row.gzip, budgetKb: row.budget.budgetKb, current: row.modules, baseline: baseline?.modules });
    console.log(`\n${row.page.name}: ${kb(row.gzip)} KB gzip, the ${TOP} largest shares (by minified bytes within each chunk):`);
    for (const [name, bytes] of Object.entries(row.modules).slice(0, TOP)) {
      console.log(`  ${padLeft(kb(bytes), 6)} KB ${padLeft(((100 * bytes) / row.gzip).toFixed(1), 5)}%  ${name}`);
    }
    const since = `the baseline of ${baseline?.recorded} (${kb(baseline?.totalBytes ?? 0)} KB)`;
    if (!baseline) {
      console.log('  no baseline to compare with (record one with --record-baseline)');
    } else if (result.grew.length) {
      console.log(`  grew since ${since}:`);
      for (const g of result.grew.slice(0, TOP)) console.log(`    +${kb(g.grewBy)} KB  ${g.name} (${kb(g.before)} → ${kb(g.after)} KB)`);
    } else {
      console.log(`  nothing grew by 0.1 KB or more since ${since}`);
    }
    if (result.over) {
      withinBudget = false;
      console.log(`MISS ${row.page.name} is ${kb(result.totalBytes - result.budgetBytes)} KB over its ${row.budget.budgetKb} KB budget`);
    }
  }

  if (flag('record-baseline')) {
    const recorded = new Date().toISOString().slice(0, 16) + 'Z';
    for (const row of rows.filter((r) => r.budget)) {
      budgets.pages[row.page.name] = { ...row.budget, baseline: { recorded, totalBytes: row.gzip, modules: row.modules } };
    }
    writeFileSync(BUDGET_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`\nrecorded the baseline in ${path.relative(ROOT, BUDGET_FILE)}`);
  }
  return withinBudget;
}

// ---------------------------------------------------------------- 2. Lighthouse

async function waitForServer(origin, child) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /api/health within 90 s');
}

/** A session cookie for the demo member, through the development sign-in the bench server enables. */
async function memberCookie(origin) {
  const response = await fetch(`${origin}/api/debug/force-auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: MEMBER_EMAIL }),
  });
  if (!response.ok) throw new Error(`force-auth answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('soleswap.sid='));
  if (!cookie) throw new Error('force-auth set no session cookie');
  return cookie.split(';')[0];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function summarize(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scripts: scripts.length,
    scriptKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    // Lighthouse's own CPU benchmark of this host: its 4x slowdown stands for a mid-tier phone on a
    // host of about 1,000 or more; below that it warns that the figures are too slow.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failed: Object.values(lhr.categories.accessibility.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}

const LIGHTHOUSE_DIR = path.join(ROOT, 'tools', 'lighthouse');

/** Lighthouse and chrome-launcher from tools/lighthouse, installed there (`npm ci`) on first use. */
async function loadLighthouse() {
  if (!existsSync(path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse'))) {
    console.log(`\nInstalling Lighthouse into ${path.relative(ROOT, LIGHTHOUSE_DIR)}/node_modules (first run of bench:web only)...`);
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: LIGHTHOUSE_DIR });
  }
  const { lighthouse, chromeLauncher } = await import(pathToFileURL(path.join(LIGHTHOUSE_DIR, 'load.mjs')).href);
  return { lighthouse, chromeLauncher };
}

async function runLighthouse() {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nLighthouse SKIPPED: Chromium not found at ${CHROMIUM} (sudo apt-get install -y chromium, or set CHROMIUM_PATH).`);
    return;
  }
  const { lighthouse, chromeLauncher } = await loadLighthouse();

  const origin = `http://localhost:${PORT}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-bench-web-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Only so the bench can open a member session (force-auth) on its own throw-away server.
    ENABLE_DEV_LOGIN: '1',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_ORIGIN: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.WEB_DIST_DIR;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let chrome;
  try {
    await waitForServer(origin, server);
    const cookie = await memberCookie(origin);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });

    const results = [];
    for (const page of PAGES.filter((p) => !ONLY || p.name.includes(ONLY))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // A trace now and then comes back without a navigation start on a busy machine: try again.
        let result;
        for (let attempt = 1; attempt <= 3; attempt++) {
          result = await lighthouse(`${origin}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
          });
          if (!result?.lhr?.runtimeError) break;
          console.log(`  ${page.name}: ${result.lhr.runtimeError.code}, running again (${attempt}/3)`);
        }
        if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page.name}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${page.name}: ${result.lhr.runtimeError.message}`);
        runs.push(summarize(result.lhr));
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true });
          const name = `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page'}-${i + 1}.json`;
          writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(result.lhr));
        }
      }
      // The run with the median performance score stands for the page.
      const medianScore = median(runs.map((r) => r.performance));
      results.push({ page, ...runs.find((r) => r.performance === medianScore) });
    }

    console.log(`\nLighthouse (mobile, simulated throttling${RUNS > 1 ? `, median of ${RUNS} runs` : ''}) on ${origin}:\n`);
    console.log(
      `${pad('page', 18)}${padLeft('perf', 6)}${padLeft('a11y', 6)}${padLeft('LCP s', 8)}${padLeft('TBT ms', 8)}${padLeft('CLS', 7)}${padLeft('scripts', 9)}${padLeft('script KB', 11)}  budget`,
    );
    for (const r of results) {
      const ok = r.performance >= LIGHTHOUSE_BUDGET.performance && r.accessibility >= LIGHTHOUSE_BUDGET.accessibility;
      console.log(
        `${pad(r.page.name, 18)}${padLeft(r.performance, 6)}${padLeft(r.accessibility, 6)}${padLeft((r.lcp / 1000).toFixed(2), 8)}${padLeft(Math.round(r.tbt), 8)}${padLeft(r.cls.toFixed(3), 7)}${padLeft(r.scripts, 9)}${padLeft(r.scriptKb.toFixed(1), 11)}  ${ok ? 'ok  ' : 'MISS'} perf ≥ ${LIGHTHOUSE_BUDGET.performance}, a11y ≥ ${LIGHTHOUSE_BUDGET.accessibility}`,
      );
    }
    for (const r of results) {
      if (r.failed.length) console.log(`  ${r.page.name}: accessibility audits failing: ${r.failed.join(', ')}`);
    }
    const indexes = results.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
    console.log(
      `  Lighthouse benchmark index of this host: ${indexes[0]}–${indexes[indexes.length - 1]} (below 1,000 Lighthouse warns that a slow host CPU inflates TBT and lowers the score)`,
    );
    console.log('  (script KB = bytes over the wire as the server sent them, compressed or not)');
  } finally {
    await chrome?.kill();
    await new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main

try {
  if (!flag('no-build')) {
    // Same chunks as the production build, plus source maps for the per-module shares.
    run('npm', ['run', 'build', '-w', 'web', '--', '--sourcemap', 'hidden', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn']);
  }
  const withinBudget = measureJavaScript();
  if (!flag('no-lighthouse')) {
    // The production build npm start serves (with its .br/.gz copies), forced.
    if (!flag('no-build')) run(process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.mjs'), '--force']);
    await runLighthouse();
  }
  if (!withinBudget) {
    console.error('\nbench:web: a first page is over its JavaScript budget (see MISS above)');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`\nbench:web crashed: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
}
