import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { createSneaker, expect, loginAs, newMember, test, uniqueEmail, uniqueToken, type Member } from './fixtures';

/** Adds a want through the /wants page: search the catalogue, pick the release, tick US 10. */
async function addWantThroughPage(page: Page, release: CatalogRelease) {
  await page.goto('/wants');
  await expect(page.getByRole('heading', { name: 'My Wantlist' })).toBeVisible();
  await page.getByLabel('Search the catalogue').fill(release.styleCode);
  await page.getByRole('button', { name: release.name, exact: true }).click();
  await page.getByRole('checkbox', { name: 'US 10', exact: true }).check();
  await page.getByRole('button', { name: 'Add to wantlist' }).click();
  await expect(page.getByRole('list', { name: 'Your wantlist' }).getByText(release.name, { exact: true })).toBeVisible();
}

/** The member's loop card on /trades. */
async function loopCard(page: Page, loopId: number) {
  await page.goto('/trades');
  const card = page.getByLabel(`Loop ${loopId}`);
  await expect(card).toBeVisible();
  return card;
}

async function press(member: Member, loopId: number, button: string, after: RegExp) {
  const card = await loopCard(member.page, loopId);
  await card.getByRole('button', { name: button }).click();
  await expect(card.getByTestId('loop-status')).toHaveText(after);
}

/** Each member's address: its first line names them, so a page showing it says whose it is. */
const streetOf = (m: Member) => `1 ${m.user.username} St`;

/** The member adds their address to their book through the API (addresses.spec.ts walks the pages). */
async function addAddress(m: Member) {
  const book = await m.page.request.post('/api/addresses', {
    data: { name: m.user.username, line1: streetOf(m), city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  });
  expect(book.ok(), await book.text()).toBe(true);
}

/** "Accept loop", the address the pair should arrive at (the newest of the book, preselected), "Confirm acceptance". */
async function acceptWithAddress(m: Member, loopId: number, after: RegExp) {
  const card = await loopCard(m.page, loopId);
  await card.getByRole('button', { name: 'Accept loop' }).click();
  await expect(card.getByRole('combobox')).toHaveText(new RegExp(streetOf(m)));
  await card.getByRole('button', { name: 'Confirm acceptance' }).click();
  await expect(card.getByTestId('loop-status')).toHaveText(after);
}

/** The text of the member's packing slip for the loop, as poppler's pdftotext reads it. */
async function slipText(m: Member, loopId: number): Promise<string> {
  const card = await loopCard(m.page, loopId);
  const href = await card.getByRole('link', { name: 'Print the packing slip of your pair' }).getAttribute('href');
  const res = await m.page.request.get(href!);
  expect(res.status()).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'loop-slip-'));
  try {
    writeFileSync(path.join(dir, 'slip.pdf'), await res.body());
    return execFileSync('/usr/bin/pdftotext', ['-layout', path.join(dir, 'slip.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Valid numbers from the tracking library's test data, one per carrier. */
const SHIPMENTS = [
  { carrier: 'UPS', typed: '1z5r 8939 0357 5671 27', number: '1Z5R89390357567127' },
  { carrier: 'USPS', typed: '9400 1112 0255 5842 3326 69', number: '9400111202555842332669' },
  { carrier: 'FedEx', typed: '986578788855', number: '986578788855' },
];

/** 'Mark shipped', the tracking number (its carrier named as it is typed), 'Confirm shipment'. */
async function shipLeg(member: Member, loopId: number, shipment: (typeof SHIPMENTS)[number]) {
  const card = await loopCard(member.page, loopId);
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  await card.getByLabel('Tracking number').fill(shipment.typed);
  await expect(card.getByTestId('tracking-carrier')).toHaveText(`${shipment.carrier} tracking number`);
  await card.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(card.getByRole('link', { name: new RegExp(`${shipment.carrier}: ${shipment.number}`) })).toBeVisible();
}

test('three members who each want the next one’s pair close a loop and each ends up with the pair they wanted', async ({ browser }) => {
  // Three members' whole journey, each step through the page: more than one test's default minute.
  test.setTimeout(240_000);
  const [ann, ben, cat] = [await newMember(browser, 'ann'), await newMember(browser, 'ben'), await newMember(browser, 'cat')];
  const members = [ann, ben, cat];

  // Three releases made in US 10, from the end of the catalogue so no other test lists them.
  const catalogue = (await (await ann.page.request.get('/api/catalog?brand=all&limit=100')).json()) as CatalogRelease[];
  const releases = catalogue.filter((r) => r.sizes.includes('10')).slice(-3);
  expect(releases).toHaveLength(3);

  // Ann owns release 0 and wants 1, Ben owns 1 and wants 2, Cat owns 2 and wants 0: no direct swap.
  const pairs = [];
  for (const [i, m] of members.entries()) {
    const release = releases[i]!;
    pairs.push(
      await createSneaker(m.page, {
        name: release.name,
        brand: release.brand,
        model: release.model,
        colorway: release.colorway,
        catalogReleaseId: release.id,
      }),
    );
  }
  for (const [i, m] of members.entries()) await addWantThroughPage(m.page, releases[(i + 1) % 3]!);

  // An admin runs the clearing on demand.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  // force-auth's explicit role makes this member an admin (development tools only).
  await loginAs(adminPage, { email: uniqueEmail('loopadmin'), username: `loopadmin${uniqueToken()}`, role: 'admin' });
  const run = await adminPage.request.post('/api/admin/loops/run');
  expect(run.status(), await run.text()).toBe(200);
  const { loopIds } = (await run.json()) as { loopIds: number[] };
  expect(loopIds).toHaveLength(1);
  const loopId = loopIds[0]!;

  // Each sees the suggestion on /matches and what they give and get on /trades.
  await ann.page.goto('/matches');
  await expect(ann.page.getByText(`gets you ${releases[1]!.name}`, { exact: false })).toBeVisible();
  const annCard = await loopCard(ann.page, loopId);
  await expect(annCard.getByText(`You get ${releases[1]!.name}`, { exact: false })).toBeVisible();

  // Each accepts with where their pair should arrive; the loop binds with the last.
  for (const m of members) await addAddress(m);
  await acceptWithAddress(ann, loopId, /Waiting for every member/);
  await acceptWithAddress(ben, loopId, /Waiting for every member/);
  await acceptWithAddress(cat, loopId, /Locked in escrow/);

  // Each sees only the next member's address (where their pair goes) and prints a slip to it.
  for (const m of members) {
    const card = await loopCard(m.page, loopId);
    const view = (await (await m.page.request.get(`/api/loops/${loopId}`)).json()) as { myGive: { toUserId: string } };
    const next = members.find((x) => x.user.id === view.myGive.toUserId)!;
    const third = members.find((x) => x !== m && x !== next)!;
    const addresses = card.getByRole('region', { name: 'Shipping addresses' });
    await expect(addresses.getByText(streetOf(next))).toBeVisible();
    await expect(addresses.getByText(streetOf(m))).toBeVisible();
    await expect(addresses.getByText(streetOf(third))).toHaveCount(0);
    await expect(card.getByRole('link', { name: next.user.username }).first()).toHaveAttribute('href', `/profile/${next.user.id}`);
    const slip = await slipText(m, loopId);
    expect(slip).toContain(`Loop #${loopId}, leg`);
    expect(slip).toContain(streetOf(next));
    expect(slip).not.toContain(streetOf(third));
  }
  // The loop's chat: what one member writes, the others read.
  const annChat = await loopCard(ann.page, loopId);
  await annChat.getByRole('button', { name: 'Loop chat' }).click();
  await annChat.getByRole('textbox').last().fill('Shipping mine today');
  await annChat.getByRole('textbox').last().press('Enter');
  const benChat = await loopCard(ben.page, loopId);
  await benChat.getByRole('button', { name: 'Loop chat' }).click();
  await expect(benChat.getByText('Shipping mine today')).toBeVisible();
  // Each ships with a real carrier's number: the form names the carrier, and the receiver gets a tracking link.
  for (const [i, m] of members.entries()) await shipLeg(m, loopId, SHIPMENTS[i]!);
  // Ann's pair goes to Cat (who wants it): Cat can follow it on UPS.
  const incoming = (await loopCard(cat.page, loopId)).getByRole('link', { name: /UPS: 1Z5R89390357567127/ });
  await expect(incoming).toHaveAttribute('href', /ups\.com.*1Z5R89390357567127/);
  await press(ann, loopId, 'Confirm receipt', /Locked in escrow/);
  await press(ben, loopId, 'Confirm receipt', /Locked in escrow/);
  await press(cat, loopId, 'Confirm receipt', /^Completed$/);

  // Everyone sees it complete, holding the pair they wanted.
  for (const [i, m] of members.entries()) {
    const card = await loopCard(m.page, loopId);
    await expect(card.getByTestId('loop-status')).toHaveText('Completed');
    const locker = (await (await m.page.request.get(`/api/sneakers/user/${m.user.id}`)).json()) as Array<{ id: number }>;
    expect(locker.map((s) => s.id)).toEqual([pairs[(i + 1) % 3]!.id]);
  }
  for (const m of [...members.map((x) => x.context), adminContext]) await m.close();
});
