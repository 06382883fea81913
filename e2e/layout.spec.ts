import type { Locator, Page } from '@playwright/test';
import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, loginAs, newMember, signInNewMember, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

// Layout and clear states of the member pages (issue #26, part 6): what a member sees at a phone's
// width and at common laptop widths, and what a card shows instead of a cropped or missing picture.

const PHONE = { width: 390, height: 844 };

/** The page's full width: wider than the viewport means something runs off the right edge. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Buys premium with the payment sandbox's test card. */
async function buyPremium(page: Page) {
  await page.goto('/membership');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(toastText(page, 'Payment Successful!')).toBeVisible();
}

test('a profile fits a phone: no sideways scrolling and the Followers tab is on screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInNewMember(page, 'narrowprofile');
  await createSneaker(page, { name: 'Air Jordan 4 Retro Military Black' });
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

  await page.goto(`/profile/${me.id}`);
  const followers = page.getByRole('tab', { name: /Followers/ });
  await expect(followers).toBeVisible();
  await expect(page.getByRole('article', { name: 'Air Jordan 4 Retro Military Black' })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expect(followers).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('tab', { name: /Sneakers/ })).toBeInViewport({ ratio: 1 });
});

test("a premium member's analytics fit a phone, and the movers' names do not overlap", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await signInNewMember(page, 'narrowstats');
  await buyPremium(page);

  // Five priced pairs of catalogue releases: verifying a pair records its first market price.
  const releases = (await (await page.request.get('/api/catalog?limit=5')).json()) as Array<{
    id: number;
    name: string;
    brand: string;
    model: string;
  }>;
  for (const release of releases) {
    const sneaker = await createSneaker(page, {
      name: `${release.name} Limited Edition Collector Pair`,
      brand: release.brand,
      model: release.model,
      catalogReleaseId: release.id,
    });
    const verified = await page.request.post(`/api/sneakers/${sneaker.id}/verify`);
    expect([200, 202]).toContain(verified.status());
    if (verified.status() === 202) {
      const run = (await verified.json()) as { id: number };
      await expect.poll(async () => (await (await page.request.get(`/api/verifications/${run.id}`)).json()).status).toBe('done');
    }
  }

  await page.goto('/analytics');
  await expect(page.getByRole('list', { name: 'Portfolio figures' })).toBeVisible();
  await expect(page.locator('svg.recharts-surface')).toHaveCount(3);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  for (const title of ['Brand split', 'Movers']) {
    const box = (await page.getByText(title, { exact: true }).first().boundingBox())!;
    expect(box.x, `${title} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${title} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  }
  const moversList = (await page.getByRole('list', { name: 'Movers' }).boundingBox())!;
  expect(moversList.x + moversList.width, 'the movers list ends on screen').toBeLessThanOrEqual(PHONE.width);

  // The movers chart's category labels (its y axis) are the pairs' names.
  const moversCard = page.getByRole('heading', { name: 'Movers', exact: true }).locator('xpath=ancestor::div[contains(@class, "rounded-2xl")][1]');
  const labels = moversCard.locator('.recharts-yAxis-tick-labels text');
  await expect(labels).toHaveCount(releases.length);
  const boxes = await Promise.all((await labels.all()).map(async (label) => (await label.boundingBox())!));
  for (let i = 0; i < boxes.length; i++) {
    expect(boxes[i]!.x, 'a label starts on screen').toBeGreaterThanOrEqual(0);
    expect(boxes[i]!.height, 'a label is one line').toBeLessThan(24);
    for (let j = i + 1; j < boxes.length; j++) expect(intersects(boxes[i]!, boxes[j]!), `labels ${i} and ${j} overlap`).toBe(false);
  }
});

/** A block's content height in lines of its own line height (padding left out). */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const content = el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return content / parseFloat(style.lineHeight);
  });
/** The line boxes an inline element (a link in the bar) is drawn in: 2 when it wraps. */
const lineBoxesOf = (locator: Locator) => locator.evaluate((el) => el.getClientRects().length);

test('"My Locker" in the bar and the locker heading stay on one line at laptop widths', async ({ page }) => {
  // An admin has one more item in the bar (the Admin menu), and neither is premium (Upgrade shows).
  for (const role of ['member', 'admin'] as const) {
    await loginAs(page, { email: uniqueEmail(`wide${role}`), username: `wide${role}${uniqueToken()}`, role });
    await createSneaker(page, { name: 'Air Max 1 Anniversary Red' });
    for (const width of [1280, 1300, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/locker');
      const heading = page.getByRole('heading', { level: 1, name: 'My Sneaker Locker' });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('button', { name: /Verify All/ })).toBeVisible();
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Locker' });
      await expect(link).toBeVisible();
      expect(await lineBoxesOf(link), `"My Locker" lines at ${width} px (${role})`).toBe(1);
      expect(await linesOf(heading), `heading lines at ${width} px (${role})`).toBeCloseTo(1, 1);
      // The bar still fits: the search box gave way, nothing ran off the edge.
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      await expect(page.getByRole('search')).toBeInViewport({ ratio: 1 });
    }
  }
});

test("the counter-offer dialog shows each sneaker's whole name", async ({ browser }) => {
  const name = 'Air Jordan 4 Retro Military Black';
  const alice = await newMember(browser, 'counteralice');
  const bob = await newMember(browser, 'counterbob');
  try {
    const alicePair = await createSneaker(alice.page, { name, brand: 'Jordan', model: 'Air Jordan 4' });
    const bobPair = await createSneaker(bob.page, { name: `${name} Reimagined`, brand: 'Jordan', model: 'Air Jordan 4' });
    const proposed = await alice.page.request.post('/api/trades', {
      data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const trade = (await proposed.json()) as Trade;

    for (const viewport of [{ width: 1280, height: 900 }, { width: 800, height: 900 }, PHONE]) {
      await bob.page.setViewportSize(viewport);
      await bob.page.goto('/trades');
      await bob.page
        .getByRole('article', { name: `Trade #${trade.id}` })
        .getByRole('button', { name: 'Counter' })
        .click();
      const dialog = bob.page.getByRole('dialog', { name: 'Make a counter-offer' });
      for (const shown of [name, `${name} Reimagined`]) {
        const text = dialog.getByRole('button', { name: new RegExp(`^${shown}\\b`) }).getByText(shown, { exact: true });
        await expect(text).toBeVisible();
        // Every character is drawn: nothing is clipped by an ellipsis or a line clamp.
        const clip = await text.evaluate((el) => ({
          clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          width: el.clientWidth,
        }));
        expect(clip.clipped, `"${shown}" is cut at ${viewport.width} px`).toBe(false);
        expect(clip.width, `"${shown}" has room at ${viewport.width} px`).toBeGreaterThan(120);
      }
      await bob.page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test("a profile's header counts the pairs its visitor can see, as its Sneakers tab does", async ({ browser }) => {
  const owner = await newMember(browser, 'countowner');
  const visitor = await newMember(browser, 'countvisitor');
  try {
    for (let i = 1; i <= 6; i++) await createSneaker(owner.page, { name: `Count Pair ${i}`, isAvailableForTrade: i !== 6 });

    await visitor.page.goto(`/profile/${owner.user.id}`);
    await expect(visitor.page.getByRole('tab', { name: 'Sneakers (5)' })).toBeVisible();
    const stats = visitor.page.getByRole('list', { name: `${owner.user.username}'s stats` });
    await expect(stats.getByRole('listitem').filter({ hasText: 'Sneakers' })).toContainText('5');

    // The owner sees all six, hidden one included, in both places.
    await owner.page.goto(`/profile/${owner.user.id}`);
    await expect(owner.page.getByRole('tab', { name: 'Sneakers (6)' })).toBeVisible();
    const own = owner.page.getByRole('list', { name: `${owner.user.username}'s stats` });
    await expect(own.getByRole('listitem').filter({ hasText: 'Sneakers' })).toContainText('6');
  } finally {
    await owner.context.close();
    await visitor.context.close();
  }
});

test('a landscape photo is shown whole on its card, not cropped to a square', async ({ page }) => {
  await signInNewMember(page, 'landscape');
  // A 1200×600 photo: a shoe from the side.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#3b82f6';
    context.fillRect(0, 0, 1200, 600);
    context.fillStyle = '#111827';
    context.fillRect(100, 250, 1000, 250);
    return canvas.toDataURL('image/png');
  });
  const name = `Side View ${uniqueToken()}`;
  await createSneaker(page, { name, imageUrl: dataUrl });

  await page.goto('/locker');
  const image = page.getByRole('article', { name }).getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The share of the photo drawn inside the picture box: 1 when none of it is cut off.
  const shown = await image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const fit = getComputedStyle(img).objectFit;
    const scaleX = box.width / img.naturalWidth;
    const scaleY = box.height / img.naturalHeight;
    const scale = fit === 'cover' ? Math.max(scaleX, scaleY) : fit === 'contain' || fit === 'scale-down' ? Math.min(scaleX, scaleY) : NaN;
    if (Number.isNaN(scale)) return { widthShare: box.width / img.naturalWidth / scaleY, heightShare: 1 };
    return { widthShare: Math.min(1, box.width / (img.naturalWidth * scale)), heightShare: Math.min(1, box.height / (img.naturalHeight * scale)) };
  });
  expect(shown.widthShare).toBeCloseTo(1, 2);
  expect(shown.heightShare).toBeCloseTo(1, 2);
});

test("a pair linked to a catalogue release but without a photo shows the release's artwork", async ({ page }) => {
  await signInNewMember(page, 'artwork');
  const [release] = (await (await page.request.get('/api/catalog?limit=1')).json()) as Array<{
    id: number;
    name: string;
    brand: string;
    model: string;
  }>;
  const name = `${release!.name} ${uniqueToken()}`;
  await createSneaker(page, { name, brand: release!.brand, model: release!.model, catalogReleaseId: release!.id });

  await page.goto('/locker');
  const card = page.getByRole('article', { name });
  const image = card.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect(card.getByTestId('sneaker-image-placeholder')).toHaveCount(0);
  await expect(image).toHaveAttribute('src', new RegExp(`^/api/catalog/${release!.id}/artwork\\.svg`));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('a member blocked by another sees a clear state on their profile instead of a load error', async ({ browser }) => {
  const blocker = await newMember(browser, 'blocker');
  const blocked = await newMember(browser, 'blockedone');
  try {
    await createSneaker(blocker.page, { name: 'Blocked Away Pair' });
    const block = await blocker.page.request.post(`/api/users/${blocked.user.id}/block`);
    expect(block.ok(), await block.text()).toBe(true);

    await blocked.page.goto(`/profile/${blocker.user.id}`);
    await expect(blocked.page.getByText("You can't see this member's sneakers")).toBeVisible();
    await expect(blocked.page.getByText("Couldn't load these sneakers.")).toHaveCount(0);
    await expect(blocked.page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(blocked.page.getByRole('article', { name: 'Blocked Away Pair' })).toHaveCount(0);
  } finally {
    await blocker.context.close();
    await blocked.context.close();
  }
});
