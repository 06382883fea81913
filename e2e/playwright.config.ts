import { defineConfig } from '@playwright/test';
import { scaledTimeout } from '../scripts/test-timeouts.mjs';

// e2e/run.mjs sets E2E_PORT to a free port when it is not set; 5055 is for running playwright by hand.
const PORT = Number(process.env.E2E_PORT ?? 5055);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Every timeout times TEST_TIMEOUT_SCALE (default 1), for a busy machine.
  timeout: scaledTimeout(60_000),
  expect: { timeout: scaledTimeout(10_000) },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: scaledTimeout(120_000),
    env: { E2E_PORT: String(PORT) },
  },
});
