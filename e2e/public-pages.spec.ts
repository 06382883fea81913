import { expect, loginAs, test, uniqueEmail } from './fixtures';

test('a visitor leaves an early-access signup', async ({ page }) => {
  await page.goto('/coming-soon');
  await page.getByLabel('Name').fill('Early Bird');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: /join|sign up|get early access/i }).click();
  await expect(page.getByText(/valid e-mail/i)).toBeVisible();

  const email = uniqueEmail('early');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /join|sign up|get early access/i }).click();
  await expect(page.getByText("You're In!")).toBeVisible();

  // The signup reached the server: an admin sees it in the list.
  await loginAs(page, { email: 'ops@soleswap.local', role: 'admin' });
  const list = await (await page.request.get('/api/admin/early-signups')).json();
  expect(list.map((s: { email: string }) => s.email)).toContain(email);
});

test('an unknown route shows the "Page not found" page', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('member-only routes show their page only to members', async ({ page }) => {
  for (const path of ['/locker', '/trades', '/analytics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
  }
  await page.goto('/original-landing');
  await expect(page.getByRole('link', { name: 'Start Trading' })).toBeVisible();

  const member = await loginAs(page, { email: uniqueEmail('member'), username: 'routecheck' });
  await page.goto('/locker');
  // The page's own title (its empty state, once loaded, also names the locker).
  await expect(page.getByRole('heading', { level: 1, name: 'My Sneaker Locker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
  await page.goto(`/profile/${member.id}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, routecheck!' })).toBeVisible();
  // Signed in, the original landing page is no longer routed.
  await page.goto('/original-landing');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the navigation search goes to browse with the query', async ({ page }) => {
  await loginAs(page, { email: uniqueEmail('searcher'), username: 'searcher' });
  await page.goto('/');
  const search = page.getByPlaceholder('Search sneakers...').first();
  await search.fill('jordan');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/browse\?q=jordan/);
});
