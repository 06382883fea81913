import { createSneaker, expect, loginAs, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

test('a member authenticates a sneaker from the locker: Start Verification, the result with its checks, Done, and the detail page', async ({
  page,
}) => {
  const token = uniqueToken();
  const name = `Dunk Low Check ${token}`;
  await loginAs(page, { email: uniqueEmail('verifier'), username: `verifier${token}` });
  const sneaker = await createSneaker(page, { name, brand: 'Nike', model: 'Dunk Low', colorway: 'White/Black', styleCode: 'DD1391-100' });

  await page.goto('/locker');
  await expect(page.getByRole('button', { name: 'Verify All (1)' })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Verify' }).click();

  const dialog = page.getByRole('dialog', { name: 'Authenticate Sneaker' });
  await expect(dialog).toBeVisible();
  const progress = dialog.getByRole('progressbar', { name: 'Verification progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await dialog.getByRole('button', { name: 'Start Verification' }).click();

  const result = dialog.getByRole('region', { name: 'Verification result' });
  await expect(result).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  // No photo of the pair and a brand-new account: honest about it, flagged for review.
  await expect(result.getByText('Flagged for review')).toBeVisible();
  await expect(result.getByText('INTERNAL')).toBeVisible();
  const checks = result.getByRole('list', { name: 'Verification checks' }).getByRole('listitem');
  // One row per check the verifier runs (ten, the warning signs taken together included).
  await expect(checks).toHaveCount(10);
  await expect(checks.filter({ hasText: 'Original photo (not reused): Failed' })).toContainText('No photo of the pair to check.');
  await expect(checks.filter({ hasText: 'Style code of the brand and release: Passed' })).toContainText('DD1391-100 is a valid Nike style code.');
  await expect(toastText(page, `${name} has been flagged for review`)).toBeVisible();

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // Re-opening starts over at ready.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Authenticate Sneaker' }).getByRole('button', { name: 'Start Verification' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The detail page shows the stored result with its evidence.
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/sneakers/${sneaker.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const verification = page.getByRole('region', { name: 'Verification' });
  await expect(verification).toContainText('Flagged for review');
  await expect(verification.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Price history' })).toBeVisible();
});
