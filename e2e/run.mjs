#!/usr/bin/env node
// Runs the Playwright browser tests in Debian's Chromium. Without Chromium (or poppler's pdftotext)
// it says plainly that they did not run and how to install them; under CI (CI=true) that is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { freePort } from '../scripts/free-port.mjs';

// The packing-slip checks read PDFs with poppler's pdftotext, as a member's printer would see them.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [
  !existsSync(chromium) && `Chromium was not found at ${chromium}`,
  !existsSync('/usr/bin/pdftotext') && 'pdftotext was not found at /usr/bin/pdftotext',
].filter(Boolean);
if (missing.length > 0) {
  const message = [
    '',
    `  Browser tests did NOT run: ${missing.join('; ')}.`,
    '  Install them with:  sudo apt-get install -y chromium poppler-utils   (or set CHROMIUM_PATH)',
    '  Test tools never download a browser here.',
    '',
  ].join('\n');
  if (process.env.CI === 'true') {
    console.error(message + '  CI=true: failing, because CI must run the browser tests.\n');
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// E2E_PORT pins the browser tests' server; without it each run takes a free port.
const port = process.env.E2E_PORT ?? String(await freePort());
const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
const result = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(result.status ?? 1);
