import { createSneaker, expect, newMember, test, uniqueEmail, uniqueToken } from './fixtures';

// What someone new to the site meets before they have an account (issue #26).

test('a visitor at / sees the landing page, not a "coming soon" page, while trading is open (the default)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Trading' })).toBeVisible();
  await expect(page.getByText(/coming soon|the moment trading opens/i)).toHaveCount(0);
});

test("a visitor who clicks an owner's name on /browse gets that member's public profile", async ({ page, browser }) => {
  const owner = await newMember(browser, 'queen');
  const token = uniqueToken();
  try {
    await createSneaker(owner.page, { name: `Dunk Low ${token}` });
    await page.goto(`/browse?q=${token}`);
    await page.getByRole('link', { name: `Owner: @${owner.user.username}` }).click();

    await expect(page).toHaveURL(new RegExp(`/profile/${owner.user.id}$`));
    await expect(page.getByRole('heading', { name: owner.user.username })).toBeVisible();
    await expect(page.getByRole('link', { name: `Dunk Low ${token}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to follow or message' })).toBeVisible();
    await expect(page.getByText(/not found|router/i)).toHaveCount(0);
  } finally {
    await owner.context.close();
  }
});

test('a visitor on a member-only page is asked to sign in, and after signing up lands back on that page', async ({ page }) => {
  await page.goto('/locker');
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  const username = `back${Date.now().toString(36).slice(-6)}`;
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('returning'));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/locker$/);
  // The page's own title: once the list loads, its empty state's heading names the locker too.
  await expect(page.getByRole('heading', { level: 1, name: /locker/i })).toBeVisible();
});

test('an unknown sneaker and an unknown page say so, for people, with a way back', async ({ page }) => {
  await page.goto('/sneakers/999999');
  await expect(page.getByRole('heading', { name: 'Sneaker not found' })).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);
  await page.getByRole('link', { name: 'Browse sneakers' }).click();
  await expect(page).toHaveURL(/\/browse$/);

  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);
});
