import type { CDPSession, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { createSneaker, expect, loginAs, newMember, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

/** Issue #32 part 2: TOTP and passkeys as second factors, passkey sign-in, and step-up before a high-value trade. */

const PASSWORD = 'correct horse battery staple';

/** Signs up through the embedded provider's page and lands on the dashboard. */
async function signUp(page: Page, email: string, username: string) {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
}

/**
 * A code for the next 30-second step: the server accepts one step of drift either way and each
 * step once, so this is never the code the enrolment just used.
 */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Enrols the authenticator app on /settings/security; answers the secret the page shows. */
async function enrolTotp(page: Page): Promise<string> {
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  await section.getByLabel('Code from the app').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText(/On · 10 recovery codes left/)).toBeVisible();
  return secret;
}

test('a member (not premium) enrols an authenticator app, and every sign-in asks for its code', async ({ page, browser }) => {
  const email = uniqueEmail('totp');
  await signUp(page, email, `tp${uniqueToken()}`);
  // Security is not a paid feature (decisions §14, issue #39): no membership, no setting to turn on.
  const secret = await enrolTotp(page);

  const other = await browser.newContext();
  const visitor = await other.newPage();
  try {
    await visitor.goto('/api/login');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = visitor.getByLabel('Code from your authenticator app, or a recovery code');
    await expect(code).toBeVisible();
    await code.fill('000000' === nextCode(secret) ? '111111' : '000000');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByText('That code does not match', { exact: false })).toBeVisible();
    await code.fill(nextCode(secret));
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  } finally {
    await other.close();
  }
});

/** Chromium's virtual authenticator: a platform passkey that verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return cdp;
}

test('a member adds a passkey through the virtual authenticator and signs in with it, without a password', async ({ page, context }) => {
  const username = `pk${uniqueToken()}`;
  await signUp(page, uniqueEmail('passkey'), username);
  await addVirtualAuthenticator(page);
  await page.goto('/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);

  // Signed out (the cookies gone), the passkey on this device signs the member in again.
  await context.clearCookies();
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
});

test('accepting a high-value trade asks for the second factor first, then goes through', async ({ browser, page }) => {
  const ann = await loginAs(page, { email: uniqueEmail('stepup'), username: `su${uniqueToken()}` });
  const ben = await newMember(browser, 'stepben');
  try {
    const token = uniqueToken();
    const annPair = await createSneaker(page, { name: `Ann Jordan ${token}`, estimatedValue: '450' });
    const benPair = await createSneaker(ben.page, { name: `Ben Jordan ${token}`, estimatedValue: '450' });
    const proposed = await ben.page.request.post('/api/trades', {
      data: { receiverId: ann.id, proposerSneakerIds: [benPair.id], receiverSneakerIds: [annPair.id] },
    });
    expect(proposed.status()).toBe(201);
    const tradeId = ((await proposed.json()) as { id: number }).id;

    const secret = await enrolTotp(page);
    // A new sign-in: the factor used at enrolment no longer counts as recent.
    await loginAs(page, { email: ann.email });

    await page.goto('/trades');
    await page.getByRole('tab', { name: /^Pending \(/ }).click();
    const card = page.getByRole('article', { name: `Trade #${tradeId}` });
    await card.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Accept this trade' }).getByRole('button', { name: 'Accept trade' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp).toBeVisible();
    expect(((await (await page.request.get(`/api/trades/${tradeId}`)).json()) as { status: string }).status).toBe('pending');
    await stepUp.getByLabel('Code from your authenticator app, or a recovery code').fill(nextCode(secret));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(toastText(page, 'The trade has been accepted and moved to escrow')).toBeVisible();
    expect(((await (await page.request.get(`/api/trades/${tradeId}`)).json()) as { status: string }).status).toBe('accepted');
  } finally {
    await ben.context.close();
  }
});
