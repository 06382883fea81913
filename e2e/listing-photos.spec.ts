import sharp from 'sharp';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { expect, loginAs, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

/** A real PNG in a colour of its own, so each upload goes through the whole image pipeline as a new picture. */
async function pngPhoto(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test('a member adds a pair with a side and a size-tag photo and sees both on the sneaker page (issue #28)', async ({ page }) => {
  const token = uniqueToken();
  const name = `Dunk Low Photos ${token}`;
  const owner = await loginAs(page, { email: uniqueEmail('photographer'), username: `photographer${token}` });

  await page.goto('/locker');
  await page.getByRole('button', { name: 'Add Sneaker', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Sneaker' });
  const slots = dialog.getByRole('group', { name: 'Photos for the legit check' });
  // Each slot says what to photograph.
  await expect(slots.getByText(/sharp enough to read the style code and size/)).toBeVisible();
  await slots.getByLabel('Side photo', { exact: true }).setInputFiles(await pngPhoto('side.png', { r: 30, g: 120, b: 200 }));
  await expect(slots.getByRole('button', { name: 'Remove side photo' })).toBeVisible();
  await slots.getByLabel('Size tag photo', { exact: true }).setInputFiles(await pngPhoto('tag.png', { r: 230, g: 200, b: 40 }));
  await expect(slots.getByRole('button', { name: 'Remove size tag photo' })).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Brand', { exact: true }).selectOption('Nike');
  await dialog.getByLabel('Model', { exact: true }).fill('Dunk Low');
  await dialog.getByLabel('Size', { exact: true }).selectOption('9');
  await dialog.getByLabel('Estimated value').fill('150');
  await dialog.getByRole('button', { name: 'Add Sneaker' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, 'Sneaker added to your collection')).toBeVisible();

  const res = await page.request.get(`/api/sneakers/user/${owner.id}`);
  const sneaker = ((await res.json()) as Sneaker[]).find((s) => s.name === name)!;
  await page.goto(`/sneakers/${sneaker.id}`);
  const photos = page.getByRole('list', { name: 'Photos' });
  for (const label of ['Side', 'Size tag']) {
    const image = photos.getByRole('img', { name: `${label} photo of ${name}` });
    await expect(image).toHaveAttribute('src', /^\/uploads\/.+-400\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(photos.getByText('Size tag (style code and size)')).toBeVisible();

  // Choosing the size tag shows it large, captioned for the reviewer.
  await photos.getByRole('button', { name: /Size tag photo/ }).click();
  await expect(page.getByText('Size tag: the reviewer reads the style code and size here')).toBeVisible();
});
