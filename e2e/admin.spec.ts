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

  // The admin signs in through the development login, which applies ADMIN_EMAILS like every sign-in
  // (signing up through the embedded provider would need the e-mail confirmed before the role is granted).
  await loginAs(page, { email: ADMIN_EMAIL, username: `admin${token}` });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // The page views of this browser reach the statistics (sent with a beacon when a page is left).
  // The tracker batches views and sends them a few seconds later (or with a beacon as the page is
  // left); wait for that batch rather than relying on the beacon of a page torn down by goto().
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/analytics/events') && request.method() === 'POST');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Sneakers' })).toBeVisible();
  await sent;
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
