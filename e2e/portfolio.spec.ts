import { createSneaker, expect, signInNewMember, test, toastText } from './fixtures';

test('a new member sees the teaser, buys premium, then gets an honest empty portfolio and, once a pair is priced, its charts', async ({ page }) => {
  await signInNewMember(page, 'portfolio');

  // Standard member: the teaser with labelled sample figures.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Sample figures' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/membership');
  expect((await page.request.get('/api/analytics/portfolio?period=30d')).status()).toBe(403);

  // Buy the membership with the sandbox's test card.
  await page.goto('/membership');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(toastText(page, 'Payment Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Premium with an empty locker: no history can exist yet, so the empty state, never sample figures.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'No price history yet' })).toBeVisible();
  await expect(page.getByText(/Your locker is empty/)).toBeVisible();
  await expect(page.getByText(/sample/i)).toHaveCount(0);

  // Add a pair of a catalogue release and verify it: the verification records its market price,
  // the first point of the pair's price history.
  const [release] = (await (await page.request.get('/api/catalog?limit=1')).json()) as Array<{
    id: number;
    name: string;
    brand: string;
    model: string;
  }>;
  const sneaker = await createSneaker(page, { name: release!.name, brand: release!.brand, model: release!.model, catalogReleaseId: release!.id });
  const verified = await page.request.post(`/api/sneakers/${sneaker.id}/verify`);
  expect([200, 202]).toContain(verified.status());
  if (verified.status() === 202) {
    const run = (await verified.json()) as { id: number };
    await expect.poll(async () => (await (await page.request.get(`/api/verifications/${run.id}`)).json()).status).toBe('done');
  }

  await page.goto('/analytics');
  const figures = page.getByRole('list', { name: 'Portfolio figures' });
  await expect(figures).toBeVisible();
  await expect(figures.getByText('1 pair', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Movers' }).getByText(release!.name)).toBeVisible();
  // The charts (recharts, loaded with the figures) are drawn.
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.locator('svg.recharts-surface')).toHaveCount(3);

  await page.getByRole('button', { name: '7d' }).click();
  await expect(page.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Growth (7d)')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^soleswap-portfolio-7d-\d{4}-\d{2}-\d{2}\.csv$/);
});
