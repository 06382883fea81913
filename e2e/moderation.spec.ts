import { createSneaker, expect, loginAs, newMember, test, toastText, uniqueToken } from './fixtures';

/** In ADMIN_EMAILS of the server e2e/serve.mjs starts; the dev login applies that rule. */
const ADMIN_EMAIL = 'e2e-admin@soleswap.local';

test('a member reports a listing and an admin hides it from the moderation queue', async ({ browser, page }) => {
  const token = uniqueToken();
  const name = `Moderated Dunk ${token}`;
  const owner = await newMember(browser, 'owner');
  const reporter = await newMember(browser, 'reporter');
  const listing = await createSneaker(owner.page, { name });

  // The reporter finds the pair on Browse and reports it from the card's menu.
  await reporter.page.goto(`/browse?q=${encodeURIComponent(token)}`);
  await reporter.page.getByRole('button', { name: `More for ${name}` }).click();
  await reporter.page.getByRole('menuitem', { name: 'Report listing' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: `Report ${name}` });
  await dialog.getByLabel('What is wrong?').fill('The photo is a stock image of a fake pair');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toastText(reporter.page, 'Report sent')).toBeVisible();

  // A member who is not an admin sees no queue.
  await reporter.page.goto('/admin/reports');
  await expect(reporter.page.getByRole('heading', { name: 'Admins only' })).toBeVisible();

  // The admin reads the report with the listing, adds a note and hides it.
  await loginAs(page, { email: ADMIN_EMAIL, username: `admin${token}` });
  await page.goto('/admin/reports');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('The photo is a stock image of a fake pair');
  await expect(row).toContainText(owner.user.username);
  await row.getByRole('button', { name: 'Hide listing' }).click();
  await expect(row.getByRole('alert')).toHaveText('Add a note for the audit log');
  await row.getByLabel('Note for the audit log').fill('Counterfeit listing');
  await row.getByRole('button', { name: 'Hide listing' }).click();
  await expect(toastText(page, 'Listing hidden')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The listing is off the market: gone for visitors, "Not Available" for members.
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/api/sneakers/${listing.id}`)).status()).toBe(404);
  await visitor.close();
  const seen = await reporter.page.request.get(`/api/sneakers/${listing.id}`);
  expect((await seen.json()).isAvailableForTrade).toBe(false);

  // The ruling is in the audit log.
  const log = await page.request.get('/api/admin/audit-log');
  const actions = ((await log.json()).items as Array<{ action: string; targetId: string | null; note: string | null }>).slice(0, 2);
  expect(actions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'hide-listing', targetId: String(listing.id), note: 'Counterfeit listing' }),
      expect.objectContaining({ action: 'resolve-report', note: 'hide-listing: Counterfeit listing' }),
    ]),
  );

  await owner.context.close();
  await reporter.context.close();
});
