import type { Page } from '@playwright/test';
import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, newMember, test, uniqueToken } from './fixtures';

/**
 * Shorter than the 5-second fallback poll: a message seen within it came over the live stream,
 * not from polling.
 */
const LIVE_WITHIN_MS = 4_000;

async function openTradeChat(page: Page, tradeId: number) {
  await page.goto('/trades');
  const card = page.getByRole('article', { name: `Trade #${tradeId}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Show chat/ }).click();
  const panel = card.getByRole('region', { name: /^Chat with / });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('No messages yet. Say hello!')).toBeVisible();
  return panel;
}

test('two members chat live inside a trade: each message reaches the other side without a reload', async ({ browser }) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice AF1 ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Samba ${token}`, brand: 'Adidas', model: 'Samba' });
  const proposed = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  expect(proposed.status()).toBe(201);
  const trade = (await proposed.json()) as Trade;

  const alicePanel = await openTradeChat(alice.page, trade.id);
  const bobPanel = await openTradeChat(bob.page, trade.id);
  await expect(alicePanel.getByText(`Trade #${trade.id}`)).toBeVisible();
  await expect(alicePanel.getByText('Status: Pending')).toBeVisible();

  const aliceBox = alicePanel.getByRole('textbox', { name: `Message ${bob.user.username}` });
  await aliceBox.fill('Is the Samba still deadstock?');
  await aliceBox.press('Enter');
  await expect(alicePanel.getByText('Is the Samba still deadstock?')).toBeVisible();
  await expect(bobPanel.getByText('Is the Samba still deadstock?')).toBeVisible({ timeout: LIVE_WITHIN_MS });

  const bobBox = bobPanel.getByRole('textbox', { name: `Message ${alice.user.username}` });
  await bobBox.fill('Yes, tags on. See https://example.com/samba');
  await bobBox.press('Enter');
  await expect(alicePanel.getByText('Yes, tags on. See https://example.com/samba')).toBeVisible({ timeout: LIVE_WITHIN_MS });
  // A link stays text.
  await expect(alicePanel.getByRole('link', { name: /example\.com/ })).toHaveCount(0);

  // Nothing is left unread for either of them while the chat is open.
  await expect.poll(async () => (await (await bob.page.request.get('/api/chat/unread')).json()).total).toBe(0);

  await alice.context.close();
  await bob.context.close();
});

test('a member opens a direct conversation from a profile, and the other sees it arrive', async ({ browser }) => {
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');

  await bob.page.goto('/messages');
  await expect(bob.page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(bob.page.getByText('No conversations yet.', { exact: false })).toBeVisible();

  await alice.page.goto(`/profile/${bob.user.id}`);
  await alice.page.getByRole('button', { name: 'Message' }).click();
  await expect(alice.page).toHaveURL(/\/messages\/\d+$/);
  const panel = alice.page.getByRole('region', { name: `Chat with ${bob.user.username}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Propose a trade' })).toHaveAttribute('href', `/trades/create?owner=${bob.user.id}`);

  const box = panel.getByRole('textbox', { name: `Message ${bob.user.username}` });
  await box.fill('Hi! Saw your locker.');
  await box.press('Enter');
  await expect(panel.getByText('Hi! Saw your locker.')).toBeVisible();

  // Bob's open /messages page learns of it live: the nav badge and the list.
  const conversation = bob.page.getByRole('link', { name: new RegExp(alice.user.username) });
  await expect(conversation).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await expect(bob.page.getByRole('link', { name: /^Messages\s*\(1 unread\)/ }).first()).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await conversation.click();
  await expect(bob.page.getByRole('region', { name: `Chat with ${alice.user.username}` }).getByText('Hi! Saw your locker.')).toBeVisible();
  await expect(bob.page.getByRole('link', { name: /^Messages\s*\(1 unread\)/ })).toHaveCount(0);

  await alice.context.close();
  await bob.context.close();
});
