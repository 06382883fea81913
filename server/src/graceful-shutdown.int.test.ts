import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_DIR } from './server-paths';

const ORIGIN = 'http://localhost:5000';

/** Runs the real server (from source) on its own embedded database and a free port, logging at debug. */
function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    APP_ORIGIN: ORIGIN,
    SEED_DEMO: '0',
    LOG_LEVEL: 'debug',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_DIR, 'server', 'src', 'main.ts')], {
    cwd: REPO_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const waiter of waiters.splice(0)) {
      if (output.includes(waiter.text)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logged = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      waiters.push({ text, resolve });
      void exited.then(() => reject(new Error(`server exited before logging "${text}":\n${output}`)));
    });
  return { child, exited, logged, output: () => output };
}

function request(
  port: number,
  options: http.RequestOptions,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('shutting down on SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-shutdown-'));
  let server: ReturnType<typeof startServer> | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, ends live streams with a reconnect hint, and exits cleanly', { timeout: 240_000 }, async () => {
    server = startServer(dataDir);
    await server.logged('SoleSwap is up');
    const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1]);

    // A signed-in member with a live stream open.
    const signIn = await request(
      port,
      { method: 'POST', path: '/api/debug/force-auth', headers: { 'content-type': 'application/json', origin: ORIGIN } },
      JSON.stringify({ email: 'shutdown@example.com' }),
    );
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
    let streamText = '';
    const streamEnded = new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.on('data', (chunk: Buffer) => (streamText += chunk.toString('utf8')));
          res.on('end', resolve);
          res.on('error', reject);
        })
        .on('error', reject);
    });
    await expect.poll(() => streamText, { timeout: 30_000 }).toContain('event: ready');

    // A request in flight: its headers are in, its body still coming when the signal arrives.
    const body = JSON.stringify({ email: 'late@example.com' });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/early-signup',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: ORIGIN },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      // Once shutdown has begun, the rest of the body follows.
      void server!.logged('SIGTERM: shutting down').then(() => req.end(body.slice(5)));
    });
    // The server has the request (logged at debug once its headers are in) before the signal.
    await server.logged('"url":"/api/early-signup"');

    server.child.kill('SIGTERM');

    const answer = await inFlight;
    expect(answer.status).toBeLessThan(500);
    expect(() => JSON.parse(answer.body)).not.toThrow();

    await streamEnded;
    const afterReady = streamText.slice(streamText.indexOf('event: ready'));
    expect(afterReady).toMatch(/^retry: \d+$/m);

    // The process gives up after 10 s with exit code 1; 0 means it finished its work in time.
    expect(await server.exited).toBe(0);
  });
});
