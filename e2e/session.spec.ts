import { request } from '@playwright/test';
import { createSneaker, expect, loginAs, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

test('a member whose session ended is told so and sent to sign in again, not shown a failure', async ({ page, context, baseURL }) => {
  await loginAs(page, { email: uniqueEmail('expiring'), username: `expiring${uniqueToken()}` });
  const name = `Session Runner ${uniqueToken()}`;
  await createSneaker(page, { name });

  await page.goto('/locker');
  await expect(page.getByRole('article', { name })).toBeVisible();

  // The session ends on the server (as when it times out or is signed out elsewhere);
  // this browser still holds its now useless cookie.
  const elsewhere = await request.newContext({ baseURL, storageState: await context.storageState() });
  expect((await elsewhere.post('/api/logout')).status()).toBe(204);
  await elsewhere.dispose();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Hide from Trading' }).click();

  // One toast with both lines, checked in one look: it shows for half a second before the
  // redirect, and two checks one after the other can miss it on a busy machine.
  const toast = page
    .locator('li')
    .filter({ has: toastText(page, 'Unauthorized') })
    .filter({ has: toastText(page, 'You are logged out. Logging in again...') });
  await expect(toast.first()).toBeVisible();
  await expect(toastText(page, 'Failed to update sneaker availability')).toHaveCount(0);
  // The login address hands over to the sign-in page.
  await page.waitForURL(/\/idp\/interaction\//);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
