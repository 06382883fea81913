import { expect, test, uniqueEmail } from './fixtures';

test('a visitor signs up through the embedded provider, lands on the dashboard, sees their name and logs out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const username = `fan${Date.now().toString(36).slice(-6)}`;

  await page.goto('/original-landing');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);

  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(username);
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  // Signed out: the home path is the landing page again (trading is open), and the API says 401.
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Trading' })).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // Signing in again with the same account works and shows the same member.
  await page.goto('/original-landing');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
});

test('a wrong password is refused with a clear message', async ({ page, browser }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/original-landing');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill('forgetful');
  await page.getByLabel('Password').fill('a much longer passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // The member comes back on another browser. Clearing this context's cookies is not enough:
  // a dashboard answer still in flight carries the rolling session cookie and puts it back.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  try {
    await visitor.goto('/original-landing');
    await visitor.getByRole('link', { name: 'Log In' }).first().click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('not the passphrase');
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(visitor.getByText('Wrong e-mail or password')).toBeVisible();
    await expect(visitor).toHaveURL(/\/idp\/interaction\//);
  } finally {
    await other.close();
  }
});

test('a visitor who opened the app at 127.0.0.1 signs up and is told a confirmation link was sent', async ({ page, baseURL }) => {
  // The server's APP_ORIGIN is localhost: Log In must still work from this other loopback address.
  const port = new URL(baseURL!).port;
  const email = uniqueEmail('loopback');
  const username = `lo${Date.now().toString(36).slice(-6)}`;

  await page.goto(`http://127.0.0.1:${port}/original-landing`);
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);

  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
  await expect(page).not.toHaveURL(/login=failed/);
  await expect(page.getByText(`We sent a confirmation link to ${email}.`, { exact: false }).first()).toBeVisible();
});
