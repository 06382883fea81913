import { expect, test, uniqueEmail, type Page } from './fixtures';

const FIRST_PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'lantern harbor quiet seventy';

/** Signs up through the embedded provider's page and lands on the dashboard. */
async function signUp(page: Page, email: string, username: string) {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/**
 * Opens the development mailbox and follows the link of the newest mail with this subject to this
 * address. Reset links are queued (issue #39): the server's job worker sends them within a second or
 * two, so the mailbox is reloaded until the mail is there.
 */
async function openMailedLink(page: Page, to: string, subject: string) {
  const mail = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .filter({ hasText: `To ${to}` })
    .first();
  await expect(async () => {
    await page.goto('/api/dev/mailbox');
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await mail.getByRole('link').first().click();
}

test('a member who forgot their password resets it through the mailed link; the old session ends and the new password signs in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('forgot');
  const username = `fg${Date.now().toString(36).slice(-6)}`;
  await signUp(page, email, username);
  await openMailedLink(page, email, 'Confirm your e-mail address for SoleSwap');
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();

  const other = await browser.newContext();
  const visitor = await other.newPage();
  try {
    await visitor.goto('/api/login');
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'If an account has this address' })).toBeVisible();

    await openMailedLink(visitor, email, 'Reset your SoleSwap password');
    await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await visitor.getByLabel('New password').fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

    // The first browser's session was signed out with the reset.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await signIn(visitor, email, NEW_PASSWORD);
    await expect(visitor.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a member signs out their other session from /settings/security', async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  const username = `ss${Date.now().toString(36).slice(-6)}`;
  await signUp(page, email, username);

  const other = await browser.newContext();
  const phone = await other.newPage();
  try {
    await signIn(phone, email, FIRST_PASSWORD);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText('This session');

    await sessions.nth(1).getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions).toHaveCount(1);
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await other.close();
  }
});
