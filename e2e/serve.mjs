#!/usr/bin/env node
// The server the browser tests talk to: the built client and the API in one process, on a
// throw-away PGlite data directory, like `npm start` on a fresh machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const port = process.env.E2E_PORT ?? '5055';
const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-e2e-'));
const env = { ...process.env, PORT: port, APP_ORIGIN: `http://localhost:${port}`, DATA_DIR: dataDir, SEED_DEMO: '0', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
// The admin the browser tests sign in as (e2e/loops.spec.ts runs the loop clearing).
env.ADMIN_EMAILS = process.env.ADMIN_EMAILS ?? 'e2e-admin@example.com';
delete env.DATABASE_URL;
const child = spawn('npx', ['tsx', 'server/src/main.ts'], { stdio: 'inherit', env });
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
