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

  await press(ann, loopId, 'Accept loop', /Waiting for every member/);
  await press(ben, loopId, 'Accept loop', /Waiting for every member/);
  await press(cat, loopId, 'Accept loop', /Locked in escrow/);
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
