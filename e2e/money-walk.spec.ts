import type { Trade } from '@soleswap/contracts/trades';
import { freshTrackingNumber } from '../server/test/fresh-tracking-number';
import { chooseShipToThroughApi, createSneaker, expect, newMember, openTradesTab, test, toastText, uniqueToken, type Member } from './fixtures';

const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expMonth: '12', expYear: '40', cvc: '123' };

/** Ship and receive both sides through the API: the journey under test is the money, not the parcels. */
async function completeThroughApi(tradeId: number, alice: Member, bob: Member, token: string) {
  await chooseShipToThroughApi(alice, tradeId, `1 Tide Lane ${token}`);
  await chooseShipToThroughApi(bob, tradeId, `2 Flare Road ${token}`);
  for (const member of [alice, bob]) {
    const shipped = await member.page.request.post(`/api/trades/${tradeId}/ship`, { data: { trackingNumber: freshTrackingNumber('ups') } });
    expect(shipped.ok(), await shipped.text()).toBe(true);
  }
  for (const member of [alice, bob]) {
    const received = await member.page.request.post(`/api/trades/${tradeId}/receive`);
    expect(received.ok(), await received.text()).toBe(true);
  }
}

/**
 * Issue #42, money a member can follow: a proposer whose card declines is told and gives another;
 * the payer's wallet lists the authorization, then the capture; a withdrawal asks where the money goes.
 */
test('money a member can follow: a declined proposer is told, the payer sees the hold then the charge, a withdrawal asks where it goes', async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}`, estimatedValue: '180' });
  const bobPair = await createSneaker(bob.page, { name: `Bob Max ${token}`, estimatedValue: '200' });

  // Alice proposes with $25 of her own cash, on a card that will be declined (state, through the API).
  const proposed = await alice.page.request.post('/api/trades', {
    data: {
      receiverId: bob.user.id,
      proposerSneakerIds: [alicePair.id],
      receiverSneakerIds: [bobPair.id],
      proposerCashCents: 2500,
      cashCard: DECLINED_CARD,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const tradeId = ((await proposed.json()) as Trade).id;

  // Bob accepts, giving no card: the dialog adds up what each card holds, and the decline names Alice's card.
  const bobCard = await openTradesTab(bob.page, 'Pending', tradeId);
  await bobCard.getByRole('button', { name: 'Accept' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  const totals = dialog.getByRole('region', { name: 'Held on cards when you accept' });
  await expect(totals).toContainText(`${alice.user.username}'s card`);
  await expect(totals).toContainText('$25 (cash)');
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`${alice.user.username}'s card was declined`);
  await expect(dialog.getByRole('alert')).not.toContainText('Your card');
  await bob.page.keyboard.press('Escape');

  // Alice is told, in her bell, and the notice takes her to the trade, where she gives another card.
  await alice.page.goto('/');
  await alice.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const notice = alice.page
    .getByRole('menu', { name: 'Notifications' })
    .getByRole('menuitem', { name: new RegExp(`${bob.user.username} tried to accept trade #${tradeId}, but your card was declined`) });
  await notice.click();
  await expect(alice.page).toHaveURL(new RegExp(`/trades\\?trade=${tradeId}$`));
  const aliceCard = alice.page.getByRole('article', { name: `Trade #${tradeId}` });
  await aliceCard.getByRole('button', { name: 'Give another card' }).click();
  const cardDialog = alice.page.getByRole('dialog', { name: 'Give another card' });
  await cardDialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardDialog.getByLabel('Expiry (MM/YY)').fill('12/40');
  await cardDialog.getByLabel('CVC').fill('123');
  await cardDialog.getByRole('button', { name: 'Save card' }).click();
  await expect(cardDialog).toBeHidden();

  // Bob accepts again: it goes through.
  const again = await openTradesTab(bob.page, 'Pending', tradeId);
  await again.getByRole('button', { name: 'Accept' }).click();
  await bob.page.getByRole('dialog', { name: 'Accept this trade' }).getByRole('button', { name: 'Accept trade' }).click();
  await expect(toastText(bob.page, 'The trade has been accepted and moved to escrow')).toBeVisible();

  // Alice's wallet lists the hold on her card, newest first, above the declined attempt...
  await alice.page.goto('/wallet');
  const holds = alice.page.getByRole('list', { name: 'Holds on your card' });
  const ofTrade = holds.getByRole('listitem').filter({ has: alice.page.getByRole('link', { name: `Cash for trade #${tradeId}` }) });
  await expect(ofTrade).toHaveCount(2);
  await expect(ofTrade.nth(1)).toContainText('Declined by your card');
  const hold = ofTrade.first();
  await expect(hold).toContainText('Held on your card');
  await expect(hold).toContainText('$25.00');

  // ...then, once the trade completes, the charge after it, paid to Bob.
  await completeThroughApi(tradeId, alice, bob, token);
  await expect(async () => {
    await alice.page.goto('/wallet');
    await expect(hold.getByRole('list')).toContainText(`Charged, paid to ${bob.user.username}`, { timeout: 2_000 });
  }).toPass();
  const steps = await hold.getByRole('list').getByRole('listitem').allTextContents();
  expect(steps.map((step) => step.split(' · ')[1])).toEqual(['Held on your card', `Charged, paid to ${bob.user.username}`]);

  // Bob withdraws the $25: the wallet first asks where the money goes, and keeps the last four digits.
  await expect(async () => {
    await bob.page.goto('/wallet');
    await expect(bob.page.getByRole('region', { name: 'Balance' })).toContainText('$25.00', { timeout: 2_000 });
  }).toPass();
  const withdraw = bob.page.getByRole('region', { name: 'Withdraw' });
  const bank = withdraw.getByRole('form', { name: 'Bank account for withdrawals' });
  await expect(withdraw.getByRole('button', { name: 'Withdraw', exact: true })).toHaveCount(0);
  await bank.getByLabel('Account holder’s name').fill(bob.user.username);
  await bank.getByLabel('Routing number (9 digits)').fill('110000000');
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await expect(withdraw).toContainText('Withdrawals go to Bank account ••••6789');
  await withdraw.getByRole('button', { name: 'Withdraw everything' }).click();
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(withdraw.getByRole('status')).toHaveText('Withdrawal of $25.00 paid out to Bank account ••••6789.');

  await Promise.all([alice.context.close(), bob.context.close()]);
});
