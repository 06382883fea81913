import type { Page } from '@playwright/test';
import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, loginAs, newMember, test, uniqueToken } from './fixtures';

/** In ADMIN_EMAILS of the server e2e/serve.mjs starts; the dev login applies that rule. */
const ADMIN_EMAIL = 'e2e-admin@soleswap.local';

/** Script and HTML a member may type anywhere: it must show as these very characters. */
const HOSTILE = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';

/** Dialogs any page opened (an alert() smuggled in would show here). */
const dialogs: string[] = [];
function guard(page: Page) {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}
/** Nothing the member typed ran: no flag set, no element made from the text, no dialog. */
async function expectNothingRan(page: Page) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // No element was made from the text: no stray <img src=x> and no inline script with it.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script', { hasText: 'window.__xss' }).count()).toBe(0);
}

test('script and HTML in a bio, a listing, a chat message and a report reason show as text and never run', async ({ browser, page }) => {
  const token = uniqueToken();
  const ann = await newMember(browser, 'ann');
  const ben = await newMember(browser, 'ben');
  for (const p of [ann.page, ben.page, page]) guard(p);

  // Ann's bio, and a listing whose name and description carry the payload.
  const profile = await ann.page.request.patch('/api/auth/user', { data: { bio: HOSTILE } });
  expect(profile.status(), await profile.text()).toBe(200);
  const name = `Hostile ${token} ${HOSTILE}`;
  const listing = await createSneaker(ann.page, { name, description: `Description ${HOSTILE}` });
  const benPair = await createSneaker(ben.page, { name: `Ben Samba ${token}`, brand: 'Adidas', model: 'Samba' });

  // Her profile, as Ben sees it.
  await ben.page.goto(`/profile/${ann.user.id}`);
  await expect(ben.page.getByText(HOSTILE, { exact: true })).toBeVisible();
  await expectNothingRan(ben.page);

  // The listing's card on Browse and its page.
  await ben.page.goto(`/browse?q=${encodeURIComponent(token)}`);
  await expect(ben.page.getByText(name).first()).toBeVisible();
  await expectNothingRan(ben.page);
  await ben.page.goto(`/sneakers/${listing.id}`);
  await expect(ben.page.getByText(name).first()).toBeVisible();
  await expect(ben.page.getByText(`Description ${HOSTILE}`)).toBeVisible();
  await expectNothingRan(ben.page);

  // A trade between them, and the payload as a chat message in it.
  const proposed = await ben.page.request.post('/api/trades', {
    data: { receiverId: ann.user.id, proposerSneakerIds: [benPair.id], receiverSneakerIds: [listing.id] },
  });
  expect(proposed.status()).toBe(201);
  const trade = (await proposed.json()) as Trade;
  const sent = await ben.page.request.post(`/api/trades/${trade.id}/messages`, { data: { content: HOSTILE } });
  expect(sent.status(), await sent.text()).toBe(201);
  await ann.page.goto('/trades');
  const card = ann.page.getByRole('article', { name: `Trade #${trade.id}` });
  await card.getByRole('button', { name: /^Show chat/ }).click();
  const panel = card.getByRole('region', { name: /^Chat with / });
  await expect(panel.getByText(HOSTILE, { exact: true })).toBeVisible();
  await expectNothingRan(ann.page);

  // Ben reports the listing with the payload as his reason; the admin reads the queue.
  const reason = `Fake pair ${HOSTILE}`;
  const report = await ben.page.request.post('/api/reports', { data: { kind: 'listing', targetId: listing.id, reason } });
  expect(report.status(), await report.text()).toBe(201);
  await loginAs(page, { email: ADMIN_EMAIL, username: `admin${token}` });
  await page.goto('/admin/reports');
  const row = page.getByRole('listitem').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row.getByText(name).first()).toBeVisible();
  await expectNothingRan(page);

  await ann.context.close();
  await ben.context.close();
});
