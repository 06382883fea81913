// The first minute of a newcomer, measured by measure-start.mjs (`npm run bench:start`): a fresh
// `git clone`, `npm install`, then `npm start` on an empty data directory until the first page.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The limit of `npm start` to the first page; past it the measurement fails. */
const FIRST_PAGE_LIMIT_MS = 300_000;

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Resident memory (VmRSS) of a process, in MB. */
export function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const seconds = (ms) => (ms / 1000).toFixed(1);

function timed(label, command, args, cwd) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  const ms = performance.now() - started;
  console.log(`${label}: ${seconds(ms)} s (load average ${loadAverage()})`);
  return { ms, output: `${result.stdout}${result.stderr}` };
}

/** The pids of the node processes running `server/dist/main.js` in `cwd`: the server, and while a first start seeds, its child. */
function serverPids(cwd) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/cwd`) !== cwd) continue;
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      // node itself, not the shell of `npm start` whose command line names the bundle too
      if (path.basename(args[0]) === 'node' && args.some((arg) => arg.endsWith(path.join('server', 'dist', 'main.js')))) pids.push(Number(name));
    } catch {
      // the process ended meanwhile, or is not ours to read
    }
  }
  return pids.sort((a, b) => a - b);
}

/** The server's pid (the first of them: a seeding child starts after it), once it runs. */
const serverPid = (cwd) => serverPids(cwd)[0] ?? null;

/** Resident memory of the server and its seeding child together, in MB. */
function residentMbOfAll(cwd) {
  let mb = 0;
  for (const pid of serverPids(cwd)) {
    try {
      mb += residentMb(pid);
    } catch {
      // exited meanwhile
    }
  }
  return mb;
}

/** True once GET / answers the web client's page and /api/health is ok. */
async function firstPageAnswers(port) {
  try {
    const page = await fetch(`http://127.0.0.1:${port}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root"')) return false;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    return health.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** Hard links of the checkout's installed packages into the clone (`--skip-install`). */
function linkPackages(checkout, cloneDir) {
  for (const workspace of ['', 'contracts', 'server', 'web']) {
    const from = path.join(checkout, workspace, 'node_modules');
    spawnSync('cp', ['-al', from, path.join(cloneDir, workspace)], { stdio: 'ignore' });
  }
  console.log("npm install: skipped (hard links of the checkout's node_modules)");
}

/**
 * Clones `ref` of `checkout`, installs (`install`: 'install', 'ci' or 'link'), runs `npm start` on an
 * empty DATA_DIR and prints each step's time, then the server's RSS at the first page and
 * `restSeconds` later. Stops the server; returns the clone and its data directory.
 */
export async function firstMinute({ checkout, ref, install, restSeconds, port }) {
  const cloneDir = mkdtempSync(path.join(os.tmpdir(), 'soleswap-clone-'));
  const dataDir = path.join(cloneDir, '.bench-data');
  console.log(`first minute: ${ref} of ${checkout} cloned into ${cloneDir}`);
  const cloned = timed('git clone', 'git', ['clone', '--quiet', '--no-checkout', checkout, cloneDir], checkout);
  spawnSync('git', ['checkout', '--quiet', ref], { cwd: cloneDir, stdio: 'inherit' });
  let installMs = 0;
  if (install === 'link') linkPackages(checkout, cloneDir);
  // As README says it, without flags: the repository's .npmrc decides about audit and funding.
  else installMs = timed(`npm ${install}`, 'npm', [install], cloneDir).ms;

  const started = performance.now();
  const npmStart = spawn('npm', ['start'], {
    cwd: cloneDir,
    detached: true, // its own process group, so that stopping it stops the server it started
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npmStart.stdout.on('data', (chunk) => (output += chunk));
  npmStart.stderr.on('data', (chunk) => (output += chunk));
  let peakMb = 0;
  while (!(await firstPageAnswers(port))) {
    if (npmStart.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (performance.now() - started > FIRST_PAGE_LIMIT_MS) throw new Error(`no first page within ${FIRST_PAGE_LIMIT_MS} ms:\n${output}`);
    peakMb = Math.max(peakMb, residentMbOfAll(cloneDir));
    await sleep(100);
  }
  const startMs = performance.now() - started;
  const pid = serverPid(cloneDir);
  const atFirstPage = residentMb(pid);
  console.log(`npm start to the first page: ${seconds(startMs)} s (load average ${loadAverage()})`);
  for (const line of output.split('\n').filter((l) => l.startsWith('[build]') && l.includes(' built in '))) console.log(`  ${line}`);
  const upLine = output.split('\n').find((l) => l.includes('"startupMs"'));
  if (upLine) {
    const { startupMs, startupCpuMs } = JSON.parse(upLine);
    console.log(`  server: phases ${JSON.stringify(startupMs)}, CPU to listening ${startupCpuMs} ms`);
  }
  console.log(`first minute: ${seconds(cloned.ms + installMs + startMs)} s in all (target 60 s; load average ${loadAverage()})`);
  console.log(
    `server RSS at the first page ${atFirstPage.toFixed(0)} MB (peak while starting, with a seeding child process if any, ${Math.max(peakMb, atFirstPage).toFixed(0)} MB; load average ${loadAverage()})`,
  );
  await sleep(restSeconds * 1000);
  console.log(`server RSS ${restSeconds} s later at rest ${residentMb(pid).toFixed(0)} MB (target 300 MB; load average ${loadAverage()})`);

  const exited = new Promise((resolve) => npmStart.once('exit', resolve));
  process.kill(-npmStart.pid, 'SIGTERM');
  await exited;
  while (serverPid(cloneDir) !== null) await sleep(100);
  return { cloneDir, dataDir };
}
