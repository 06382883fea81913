import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, newMember, test, uniqueToken } from './fixtures';

test("a proposal lights up the receiver's bell without a reload; opening it marks it read and goes to the trade", async ({ browser }) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Jordan ${token}`, brand: 'Jordan', model: 'Jordan 4' });

  // Bob is on his dashboard with nothing unread; a marker tells us later that the page never reloaded.
  await bob.page.goto('/');
  const bell = (unread: string) => bob.page.getByRole('button', { name: `Notifications, ${unread}` });
  await expect(bell('none unread')).toBeVisible();
  await bob.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const res = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const trade = (await res.json()) as Trade;

  await expect(bell('1 unread')).toBeVisible();
  expect(await bob.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await bell('1 unread').click();
  const menu = bob.page.getByRole('menu', { name: 'Notifications' });
  const entry = menu.getByRole('menuitem', { name: new RegExp(`${alice.user.username} proposed a trade \\(#${trade.id}\\)`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(bob.page).toHaveURL(new RegExp(`/trades\\?trade=${trade.id}$`));
  await expect(bell('none unread')).toBeVisible();

  // Alice, who proposed, was told nothing.
  await alice.page.goto('/');
  await expect(alice.page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});
