#!/usr/bin/env node
// The server the browser tests talk to: the built client and the API in one process, on a
// throw-away PGlite data directory, like `npm start` on a fresh machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const port = process.env.E2E_PORT ?? '5055';
const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-e2e-'));
// e2e/admin.spec.ts signs up with this e-mail through the real sign-in, which makes it an admin.
const E2E_ADMIN_EMAIL = 'e2e-admin@soleswap.local';
const env = {
  ADMIN_EMAILS: E2E_ADMIN_EMAIL,
  // e2e/inspection.spec.ts routes a trade through the authentication centre.
  AUTHENTICATION_CENTRE_ADDRESS: 'SoleSwap Authentication Centre|1 Warehouse Way|Newark, NJ 07102|US',
  // No protection holds: the specs trade pairs above PROTECTION_HOLD_MIN_VALUE_CENTS between new members
  // and propose and accept (through the UI and the API) without the card a hold asks for. One server
  // serves every spec, so holds cannot be on for one spec only.
  PROTECTION_HOLD_COMPLETED_TRADES: '0',
  // The trade, cash, loop and centre specs ship with typed tracking numbers ("Use my own carrier");
  // e2e/shipping.spec.ts buys labels.
  SHIPPING_MANUAL_NUMBERS: '1',
  // e2e/shipping.spec.ts watches a receive window close: 86 s after the sandbox carrier's delivery.
  // Only parcels delivered through the sandbox's development control reach it.
  AUTO_RECEIVE_AFTER_DELIVERY_DAYS: '0.001',
  ...process.env,
  PORT: port,
  APP_ORIGIN: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
};
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
