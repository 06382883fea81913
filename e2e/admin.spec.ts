import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, loginAs, test, uniqueEmail, uniqueToken } from './fixtures';

// Headless Chromium announces itself as "HeadlessChrome", which the tracker rightly counts as a bot
// and leaves out of the figures; this journey is about a person's visits, so it browses as one.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** In ADMIN_EMAILS of the server e2e/serve.mjs starts. */
const ADMIN_EMAIL = 'e2e-admin@soleswap.local';
const PASSWORD = 'correct horse battery staple';

test('an admin reads the site statistics, filters the signups, marks one notified and downloads the CSV', async ({ page, browser }) => {
  const token = uniqueToken();
  // State for the journey: three early-access signups (one name a spreadsheet would run as a formula).
  for (const [name, email] of [
    [`Ada ${token}`, `ada-${token}@example.com`],
    [`Grace ${token}`, `grace-${token}@navy.example`],
    [`=HYPERLINK("http://x","y") ${token}`, `evil-${token}@example.com`],
  ]) {
    expect((await page.request.post('/api/early-signup', { data: { name, email } })).ok()).toBeTruthy();
  }

  // A member is told the pages are for admins.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await loginAs(memberPage, { email: uniqueEmail('member') });
  await memberPage.goto('/admin/signups');
  await expect(memberPage.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await memberPage.goto('/analytics-dashboard');
  await expect(memberPage.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await memberContext.close();

  // The admin signs in through the embedded provider (a retry finds the account already there).
  await page.goto('/original-landing');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Username').fill(`admin${token}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const welcome = page.getByRole('heading', { name: /Welcome back/ });
  const taken = page.getByText(/already exists/);
  await expect(welcome.or(taken)).toBeVisible();
  if (await taken.isVisible()) {
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(welcome).toBeVisible();
  }

  // The page views of this browser reach the statistics (sent with a beacon when a page is left).
  await page.goto('/browse');
  await page.goto('/analytics-dashboard');
  await expect(page.getByRole('heading', { name: 'Site Analytics' })).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('list', { name: 'Top pages' }).getByText('/browse', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('list', { name: 'Browsers' })).toContainText('Chrome');
  await page.getByRole('button', { name: '7d' }).click();
  await expect(page.getByText(/\(168h\)/)).toBeVisible();

  await page.goto('/admin/signups');
  await expect(page.getByRole('listitem', { name: `Ada ${token}` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search signups' }).fill(`grace-${token}`);
  await expect(page.getByRole('listitem', { name: `Ada ${token}` })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: `Grace ${token}` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search signups' }).fill(token);
  const ada = page.getByRole('listitem', { name: `Ada ${token}` });
  await expect(ada.getByText('Pending')).toBeVisible();
  await ada.getByRole('button', { name: 'Mark notified' }).click();
  await expect(ada.getByText('Notified')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^soleswap-signups-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parse(text, { bom: true }) as string[][];
  expect(rows[0]).toEqual(['Name', 'Email', 'Signup Date', 'Source', 'Notified', 'IP Address']);
  expect(rows.find((r) => r[1] === `ada-${token}@example.com`)?.[4]).toBe('Yes');
  expect(rows.find((r) => r[1] === `evil-${token}@example.com`)?.[0]).toBe(`'=HYPERLINK("http://x","y") ${token}`);
});
