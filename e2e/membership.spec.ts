import type { Page } from '@playwright/test';
import { expect, signInNewMember, test, toastText } from './fixtures';

async function payWith(page: Page, cardNumber: string) {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'SoleSwap Community' })).toBeVisible();
  await expect(page.getByText('Premium membership for just $1/month')).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $1/month' }).click();
}

test('a new member buys the membership with the test card, gets premium features, and cancels', async ({ page }) => {
  await signInNewMember(page, 'buyer');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();

  await payWith(page, '4242 4242 4242 4242');
  await expect(toastText(page, 'Payment Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Premium: no Upgrade button, the Analytics entry and the premium icon in the account menu.
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Premium member' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect((await (await page.request.get('/api/auth/user')).json()).isPremiumMember).toBe(true);

  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Welcome, Premium Member!' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel membership' }).click();
  await expect(toastText(page, 'Membership cancelled')).toBeVisible();
  await expect(page.getByText(/Cancelled: you stay premium until/)).toBeVisible();
  // Premium runs to the end of the paid period.
  expect((await (await page.request.get('/api/membership')).json()).isPremium).toBe(true);
});

test('a declined card shows the decline and leaves the member standard', async ({ page }) => {
  await signInNewMember(page, 'declined');
  await payWith(page, '4000 0000 0000 0002');
  await expect(toastText(page, 'Payment Failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/membership$/);
  expect((await (await page.request.get('/api/auth/user')).json()).isPremiumMember).toBe(false);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();
});
