import { expect, newMember, test } from './fixtures';

test('with the network off the app shell opens from the service worker with the offline banner, and a page never opened shows the offline page', async ({
  browser,
}) => {
  const member = await newMember(browser, 'offline');
  const { context, page } = member;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${member.user.username}!` })).toBeVisible();
  // The worker installs (keeping the shell) and takes the page over before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The dashboard once more, so the worker keeps the reads it makes.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome back, ${member.user.username}!` })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome back, ${member.user.username}!` })).toBeVisible();

  await page.goto('/a-page-never-opened-here');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

  await context.setOffline(false);
  await context.close();
});
