import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { createSneaker, expect, loginAs, newMember, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

/** A real 64×64 PNG made on the fly, so the upload goes through the whole image pipeline. */
async function pngPhoto() {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  return { name: 'my-pair.png', mimeType: 'image/png', buffer };
}

/** The picture inside a card or release has really loaded (not the placeholder, not a broken image). */
async function expectImageLoaded(image: Locator, src: RegExp) {
  await expect(image).toHaveAttribute('src', src);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

/** Browse with a search typed into the box (debounced), as a member would. */
async function searchBrowse(page: Page, term: string) {
  await page.goto('/browse');
  await page.getByRole('main').getByRole('searchbox', { name: 'Search sneakers' }).fill(term);
  // The debounced term lands in the address once the search has settled.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${term}`));
}

async function ownSneakerByName(page: Page, userId: string, name: string): Promise<Sneaker> {
  const res = await page.request.get(`/api/sneakers/user/${userId}`);
  expect(res.ok()).toBeTruthy();
  const sneaker = ((await res.json()) as Sneaker[]).find((s) => s.name === name);
  expect(sneaker, `${name} is in the locker`).toBeDefined();
  return sneaker!;
}

test('a member adds a sneaker with a photo, finds it, hides, edits and deletes it; another member cannot touch it', async ({ page, browser }) => {
  const token = uniqueToken();
  const colorway = `Ember${token}`;
  const name = `Air Max 1 ${colorway}`;
  const renamed = `Air Max 1 Renamed ${token}`;
  const owner = await loginAs(page, { email: uniqueEmail('collector'), username: `collector${token}` });
  const other = await newMember(browser, 'rival');
  // Another member's pair, so the search below has something it must leave out.
  const decoy = await createSneaker(other.page, { name: `Decoy Runner ${token}`, colorway: 'Plain White' });

  // Add through the dialog, with a photo.
  await page.goto('/locker');
  await expect(page.getByRole('heading', { name: 'My Sneaker Locker' })).toBeVisible();
  await expect(page.getByText('Your locker is empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add Sneaker', exact: true }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Sneaker' });
  await addDialog.getByLabel('Photo', { exact: true }).setInputFiles(await pngPhoto());
  // The upload has finished when the photo can be removed again.
  await expect(addDialog.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await addDialog.getByLabel('Name', { exact: true }).fill(name);
  await addDialog.getByLabel('Brand', { exact: true }).selectOption('Nike');
  await addDialog.getByLabel('Model', { exact: true }).fill('Air Max 1');
  await addDialog.getByLabel('Colorway', { exact: true }).fill(colorway);
  await addDialog.getByLabel('Size', { exact: true }).selectOption('10');
  await addDialog.getByLabel('Estimated value').fill('240');
  await addDialog.getByRole('button', { name: 'Add Sneaker' }).click();
  await expect(addDialog).toBeHidden();
  await expect(toastText(page, 'Sneaker added to your collection')).toBeVisible();

  // In the locker, with the uploaded photo actually showing.
  const lockerCard = page.getByRole('article', { name });
  await expect(lockerCard).toBeVisible();
  await expect(lockerCard).toContainText('Size 10');
  await expectImageLoaded(lockerCard.getByRole('img', { name }), /^\/uploads\//);
  const sneaker = await ownSneakerByName(page, owner.id, name);

  // Browse shows other members' lockers: the owner's own pair is not in it, the decoy is.
  await searchBrowse(page, token);
  await expect(page.getByRole('article', { name: decoy.name })).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // Another member finds it by its colorway, tradable, without the owner's menu.
  await searchBrowse(other.page, colorway);
  const theirView = other.page.getByRole('article', { name });
  await expect(theirView.getByRole('button', { name: 'Trade', exact: true })).toBeEnabled();
  await expect(theirView.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);

  // Their home page lists it among the latest drops.
  await other.page.goto('/');
  const latestDrops = other.page.getByRole('region', { name: 'Latest Drops' });
  await expect(latestDrops.getByRole('heading', { name })).toBeVisible();

  // Hide it from trading.
  await page.goto('/locker');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Hide from Trading' }).click();
  await expect(lockerCard.getByText('Not Available')).toBeVisible();
  await expect(lockerCard.getByRole('button', { name: 'Trade', exact: true })).toBeDisabled();

  // A hidden pair is not on offer: it leaves the other member's browse.
  await searchBrowse(other.page, colorway);
  await expect(other.page.getByText('No sneakers found')).toBeVisible();
  await expect(other.page.getByRole('article', { name })).toHaveCount(0);

  // Nor can they change or delete it, whatever they send.
  const theirEdit = await other.page.request.put(`/api/sneakers/${sneaker.id}`, { data: { name: 'Not yours' } });
  expect(theirEdit.status()).toBe(403);
  const theirDelete = await other.page.request.delete(`/api/sneakers/${sneaker.id}`);
  expect(theirDelete.status()).toBe(403);

  // Edit through the real dialog.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(editDialog.getByLabel('Colorway', { exact: true })).toHaveValue(colorway);
  await editDialog.getByLabel('Name', { exact: true }).fill(renamed);
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog).toBeHidden();
  const renamedCard = page.getByRole('article', { name: renamed });
  await expect(renamedCard).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  // The edit kept the photo and the hidden state.
  await expectImageLoaded(renamedCard.getByRole('img', { name: renamed }), /^\/uploads\//);
  await expect(renamedCard.getByText('Not Available')).toBeVisible();

  // Delete it.
  await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  await expect(page.getByText('Your locker is empty')).toBeVisible();

  // Gone for good: not even by id.
  expect((await other.page.request.get(`/api/sneakers/${sneaker.id}`)).status()).toBe(404);

  await other.context.close();
});

test('a visitor sees the sneaker library: 100 releases with their artwork', async ({ page }) => {
  await page.goto('/sneaker-library');
  await expect(page.getByRole('heading', { name: 'Sneaker Library' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 100 of 100 sneakers');

  const stats = page.getByRole('list', { name: 'Library stats' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Sneakers' })).toContainText('100');

  const releases = page.getByRole('list', { name: 'Releases' });
  await expect(releases.getByRole('listitem')).toHaveCount(100);
  // Every release has its own artwork; the first and the last really load.
  await expect(releases.getByRole('img', { name: / artwork$/ })).toHaveCount(100);
  const artwork = /^\/api\/catalog\/\d+\/artwork\.svg/;
  await expectImageLoaded(releases.getByRole('img', { name: / artwork$/ }).first(), artwork);
  await expectImageLoaded(releases.getByRole('img', { name: / artwork$/ }).last(), artwork);

  // Searching narrows the library down.
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('jordan');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).not.toHaveText('Showing 100 of 100 sneakers');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/Showing \d+ of 100 sneakers/);
});
