#!/usr/bin/env node
// The first minute of a newcomer, then restart time and memory at rest of the built server:
//   npm run bench:start [-- --runs 5 --rest 10 --keep --ref <commit> --skip-install --ci]
//   npm run bench:start -- --no-clone [--runs 5 --rest 10 --keep --data <dir> --main server/dist/main.js]
// 1. The first minute (first-minute.mjs): `git clone` of this repository (its HEAD, or `--ref`) into a
//    temporary folder, `npm install` there (`--ci`: `npm ci`; `--skip-install`: hard links of this
//    checkout's node_modules instead, to measure the start alone), then `npm start` on an empty
//    DATA_DIR until GET / answers the page and /api/health is ok; the server's resident memory then
//    and `--rest` seconds later. The npm cache is whatever the machine has (warm after one install).
// 2. Restarts: the built server (the clone's, or with `--no-clone` this checkout's server/dist/main.js,
//    `npm run build` first, or the bundle given with --main) restarted `--runs` times on the data
//    directory of the first start: time from spawning `node server/dist/main.js` to the first 200 of
//    /api/health, and resident memory (VmRSS) `--rest` seconds later with no requests. Prints each
//    run, then median and max. `--data` restarts on an existing data directory instead (left as it
//    is); `--keep` keeps the clone and the data directory created. `--runs 0` skips the restarts.
// Every figure is printed with the load average of the machine beside it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_ENV, SERVER_MAIN, SERVER_NODE_FLAGS } from './server-command.mjs';
import { firstMinute, loadAverage, residentMb } from './first-minute.mjs';
import { freePort } from './free-port.mjs';

const checkout = path.resolve(import.meta.dirname, '..');
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const runs = Number(option('runs', 5));
const restSeconds = Number(option('rest', 10));
const givenDataDir = option('data', null);
const clone = !process.argv.includes('--no-clone') && givenDataDir === null && option('main', null) === null;
const keep = process.argv.includes('--keep') || givenDataDir !== null;

let root = checkout;
let mainJs = path.resolve(option('main', SERVER_MAIN));
let firstDataDir = null;
let cloneDir = null;
if (clone) {
  const first = await firstMinute({
    checkout,
    ref: option('ref', 'HEAD'),
    install: process.argv.includes('--skip-install') ? 'link' : process.argv.includes('--ci') ? 'ci' : 'install',
    restSeconds,
    port: await freePort(),
  });
  cloneDir = first.cloneDir;
  root = cloneDir;
  mainJs = path.join(cloneDir, 'server', 'dist', 'main.js');
  firstDataDir = first.dataDir;
} else if (!existsSync(mainJs)) {
  console.error(`${mainJs} is missing: run \`npm run build\` first`);
  process.exit(1);
}

function startServer(dataDir, port) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function firstAnswer(server, port, limitMs) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`no answer within ${limitMs} ms:\n${server.output()}`);
}

async function stop(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The server's own account of its start ("is up" log line): phases (ms since launch) and CPU used. */
const startupLog = (output) => {
  const line = output.split('\n').find((l) => l.includes('"startupMs"'));
  return line ? JSON.parse(line) : { startupMs: {}, startupCpuMs: NaN };
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dataDir = givenDataDir ? path.resolve(givenDataDir) : (firstDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'soleswap-start-')));
try {
  const port = await freePort();
  if (!givenDataDir && !firstDataDir) {
    const firstStarted = performance.now();
    const first = startServer(dataDir, port);
    await firstAnswer(first, port, 120_000);
    console.log(
      `first start (new database, demo seeded): ${((performance.now() - firstStarted) / 1000).toFixed(2)} s (load average ${loadAverage()})`,
    );
    // The demo is seeded before the server listens; give the first start a moment to settle anyway.
    await sleep(1000);
    await stop(first);
  }

  const times = [];
  const memory = [];
  const cpu = [];
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const server = startServer(dataDir, port);
    await firstAnswer(server, port, 60_000);
    const seconds = (performance.now() - started) / 1000;
    await sleep(restSeconds * 1000);
    const mb = residentMb(server.child.pid);
    const { startupMs, startupCpuMs } = startupLog(server.output());
    times.push(seconds);
    memory.push(mb);
    cpu.push(startupCpuMs);
    console.log(
      `restart ${run}: first answer ${seconds.toFixed(2)} s, RSS after ${restSeconds} s at rest ${mb.toFixed(0)} MB, CPU to listening ${startupCpuMs} ms, phases ${JSON.stringify(startupMs)} (load average ${loadAverage()})`,
    );
    await stop(server);
  }
  if (runs > 0) printSummary(times, cpu, memory);
} finally {
  if (keep) console.log(`kept: ${cloneDir ? `the clone ${cloneDir}, ` : ''}the data directory ${dataDir}`);
  else {
    rmSync(dataDir, { recursive: true, force: true });
    if (cloneDir) rmSync(cloneDir, { recursive: true, force: true });
  }
}

function printSummary(times, cpu, memory) {
  console.log(`first answer: median ${median(times).toFixed(2)} s, max ${Math.max(...times).toFixed(2)} s (target 2 s)`);
  console.log(`CPU to listening: median ${median(cpu).toFixed(0)} ms, max ${Math.max(...cpu).toFixed(0)} ms`);
  console.log(`RSS at rest:  median ${median(memory).toFixed(0)} MB, max ${Math.max(...memory).toFixed(0)} MB (target 300 MB)`);
  console.log(`load average ${loadAverage()} on ${os.cpus().length} cores`);
}
