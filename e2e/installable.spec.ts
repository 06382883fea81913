import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * "Lighthouse reports the app installable" (issue #45). Lighthouse 12, the one bench:web runs, no
 * longer has the installability audit (its PWA category was removed); the audit read Chromium's own
 * verdict, which this asks for directly over the DevTools protocol: the installability errors
 * Chromium finds for the page (manifest fields, icons, start URL, display, service worker), and the
 * manifest it parsed. A browser profile on disk, as a member's is: Chromium installs nothing from
 * a private window, and every context of the other specs is one.
 */
test('Chromium finds nothing that keeps a visitor from installing the app on the first page', async ({ baseURL, launchOptions }) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'soleswap-installable-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);

  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$|\/manifest\.json$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as { name?: string; display?: string; icons?: { sizes: string }[] };
  expect(parsed.name).toBe('SoleSwap');
  expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(parsed.display);
  expect(parsed.icons?.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  };
  expect(installabilityErrors).toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});
