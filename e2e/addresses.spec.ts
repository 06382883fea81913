import type { Page } from '@playwright/test';
import type { Address } from '@soleswap/contracts/addresses';
import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, newMember, test, toastText, uniqueToken } from './fixtures';

async function tradeCard(page: Page, tab: 'Pending' | 'Accepted', tradeId: number) {
  await page.goto('/trades');
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) }).click();
  const card = page.getByRole('article', { name: `Trade #${tradeId}` });
  await expect(card).toBeVisible();
  return card;
}

test('a member keeps an address book, picks a ship-to when accepting, and each side sees the other’s address only after acceptance', async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice AM1 ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob AM1 ${token}` });

  // Alice adds her address in the book; a ZIP of the wrong shape is named under its field first.
  await alice.page.goto('/settings/addresses');
  await expect(alice.page.getByText('No addresses yet')).toBeVisible();
  const form = alice.page.getByRole('form', { name: 'Add an address' });
  await form.getByLabel('Recipient name').fill('Alice Archer');
  await form.getByLabel('Address line 1').fill(`77 Lantern Row ${token}`);
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State').selectOption('OR');
  await form.getByLabel('ZIP code').fill('9720');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Enter a ZIP code like 94103 or 94103-1234')).toBeVisible();
  await form.getByLabel('ZIP code').fill('97201');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(toastText(alice.page, 'Address saved')).toBeVisible();
  await expect(alice.page.getByRole('listitem').filter({ hasText: `77 Lantern Row ${token}` })).toContainText('PORTLAND, OR 97201');

  // Bob's book has one address (set up through the API).
  const bobHome = (await (
    await bob.page.request.post('/api/addresses', {
      data: { name: 'Bob Baker', line1: `12 Quartz Mews ${token}`, city: 'London', postalCode: 'n19gu', country: 'GB' },
    })
  ).json()) as Address;
  expect(bobHome.postalCode).toBe('N1 9GU');

  const created = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  const tradeId = ((await created.json()) as Trade).id;

  // Before acceptance Alice chooses her ship-to on the card; Bob's address is not shown yet.
  let aliceCard = await tradeCard(alice.page, 'Pending', tradeId);
  const aliceShipping = aliceCard.getByRole('region', { name: 'Shipping addresses' });
  await expect(aliceShipping).toContainText('Their address is shown once the trade is accepted.');
  await aliceShipping.getByRole('button', { name: 'Choose address' }).click();
  await expect(aliceShipping.getByLabel("Send the other side's pairs to")).toBeVisible();
  await aliceShipping.getByRole('button', { name: 'Save' }).click();
  await expect(aliceShipping).toContainText(`77 Lantern Row ${token}`);

  // Bob accepts, his address preselected in the dialog.
  const bobCard = await tradeCard(bob.page, 'Pending', tradeId);
  await expect(bobCard.getByRole('region', { name: 'Shipping addresses' })).not.toContainText('Lantern Row');
  await bobCard.getByRole('button', { name: 'Accept' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  await expect(dialog.getByLabel("Send the other side's pairs to")).toHaveValue(String(bobHome.id));
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(dialog).toBeHidden();

  const bobAccepted = await tradeCard(bob.page, 'Accepted', tradeId);
  await expect(bobAccepted.getByRole('region', { name: 'Shipping addresses' })).toContainText(`77 Lantern Row ${token}`);
  aliceCard = await tradeCard(alice.page, 'Accepted', tradeId);
  await expect(aliceCard.getByRole('region', { name: 'Shipping addresses' })).toContainText(`12 Quartz Mews ${token}`);

  await alice.context.close();
  await bob.context.close();
});
