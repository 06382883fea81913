import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serverCommand } from '../../scripts/server-command.mjs';

/** The repository root (server/soak/ is two levels down). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
}

export function startInstance(name: string, port: number, env: Record<string, string>, logDir: string): Instance {
  // The compiled server with the flags and environment of `npm start` (scripts/server-command.mjs).
  const { command, args, env: serverEnv } = serverCommand();
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      ...serverEnv,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  return { name, port, child, exited };
}

/** Polls GET /api/health until it answers 200 (or the process dies, or time runs out). */
export async function waitHealthy(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void instance.exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`http://127.0.0.1:${instance.port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${instance.name} (port ${instance.port}) did not become healthy${dead ? ': it exited' : ''}`);
}

export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill(signal);
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), graceMs);
  await instance.exited;
  clearTimeout(timer);
}

export interface Nginx {
  child: ChildProcess;
  exited: Promise<string>;
  dir: string;
}

/**
 * Runs nginx in the foreground (`daemon off`) with the repository's deploy/nginx/soleswap.conf,
 * its listen port, server name and upstream addresses replaced, inside a minimal main
 * configuration whose pid file, logs and temporary files all live in `dir`: no root needed.
 */
export async function startNginx(opts: { dir: string; listenPort: number; upstreamPorts: number[]; binary?: string }): Promise<Nginx> {
  const site = readFileSync(path.join(REPO_ROOT, 'deploy/nginx/soleswap.conf'), 'utf8');
  const upstreams = opts.upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n');
  const filled = site
    .replace(/^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n(?: {4}server 127\.0\.0\.1:\d+ [^\n]*\n)*/m, `${upstreams}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${opts.listenPort};`)
    .replace(/^ {4}server_name [^;]+;$/m, '    server_name 127.0.0.1;');
  if (filled === site) throw new Error('deploy/nginx/soleswap.conf changed shape: the soak could not fill in its ports');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(path.join(opts.dir, sub), { recursive: true });
  writeFileSync(path.join(opts.dir, 'soleswap.conf'), filled);
  const main = [
    'daemon off;',
    'worker_processes 1;',
    // As root nginx would hand its workers to `nobody`, who cannot write our temporary folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${opts.dir}/nginx.pid;`,
    `error_log ${opts.dir}/logs/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    log_format soak \'$time_local "$request" $status $request_time $upstream_addr $upstream_status\';',
    `    access_log ${opts.dir}/logs/access.log soak;`,
    `    client_body_temp_path ${opts.dir}/body;`,
    `    proxy_temp_path ${opts.dir}/proxy;`,
    `    fastcgi_temp_path ${opts.dir}/fastcgi;`,
    `    uwsgi_temp_path ${opts.dir}/uwsgi;`,
    `    scgi_temp_path ${opts.dir}/scgi;`,
    `    include ${opts.dir}/soleswap.conf;`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(opts.dir, 'nginx.conf');
  writeFileSync(conf, main);
  const binary = opts.binary ?? findNginx();
  const log = createWriteStream(path.join(opts.dir, 'logs/stderr.log'));
  const child = spawn(binary, ['-p', opts.dir, '-c', conf, '-e', `${opts.dir}/logs/error.log`], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`http://127.0.0.1:${opts.listenPort}/api/health`, { signal: AbortSignal.timeout(2000) });
      return { child, exited, dir: opts.dir };
    } catch {
      await sleep(100);
    }
  }
  const errors = existsSync(path.join(opts.dir, 'logs/error.log')) ? readFileSync(path.join(opts.dir, 'logs/error.log'), 'utf8') : '';
  child.kill('SIGKILL');
  throw new Error(`nginx did not start:\n${errors}`);
}

export function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
