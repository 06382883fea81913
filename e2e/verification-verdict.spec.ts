import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { Trade } from '@soleswap/contracts/trades';
import { createSneaker, expect, newMember, test, toastText, uniqueToken } from './fixtures';

test("another member sees a flagged pair as 'Flagged for review' on its card and on the trade card, and cannot propose for it without acknowledging", async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice Clean Max ${token}`, colorway: `Calm${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Odd Dunk ${token}`, model: 'Dunk Low', colorway: `Odd${token}` });

  // State, not the journey: Bob's pair is verified and the verifier finds it not authentic (no photo
  // of the pair, a brand-new account), so its latest verification flags it.
  const verify = await bob.page.request.post(`/api/sneakers/${bobPair.id}/verify`);
  expect(verify.status(), await verify.text()).toBeLessThan(300);
  await expect
    .poll(async () => ((await (await alice.page.request.get(`/api/sneakers/${bobPair.id}`)).json()) as Sneaker).verdict.status)
    .toBe('flagged');

  // Alice finds it on browse: the card says so, with its score and date.
  await alice.page.goto(`/browse?q=Odd${token}`);
  const card = alice.page.getByRole('article', { name: bobPair.name });
  await expect(card.getByText('Flagged for review')).toBeVisible();
  await expect(card.locator('[data-verdict="flagged"]')).toContainText(/\d+% · [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // Without the acknowledgement the server refuses the proposal, naming the pair, and creates nothing.
  const refused = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  expect(refused.status()).toBe(409);
  const refusal = await refused.json();
  expect(refusal.code).toBe('TRADE_FLAGGED_UNACKNOWLEDGED');
  expect(refusal.message).toContain(bobPair.name);
  expect((await (await alice.page.request.get('/api/trades')).json()) as Trade[]).toEqual([]);

  // The proposal page shows the verdict in the picker and asks for the acknowledgement before sending.
  await card.getByRole('button', { name: 'Trade', exact: true }).click();
  const proposal = alice.page.getByRole('form', { name: 'Trade proposal' });
  const theirs = proposal.getByRole('button', { name: new RegExp(bobPair.name) });
  await expect(theirs).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.getByText('Flagged for review')).toBeVisible();
  await proposal.getByRole('button', { name: new RegExp(alicePair.name) }).click();
  const send = proposal.getByRole('button', { name: 'Send Trade Proposal' });
  await expect(proposal.getByRole('alert')).toContainText(`${bobPair.name} is flagged for review`);
  await expect(send).toBeDisabled();
  await proposal.getByRole('checkbox', { name: 'I have seen the flag and want to go ahead' }).check();
  await send.click();
  await expect(alice.page).toHaveURL(/\/trades$/);
  await expect(toastText(alice.page, 'Your trade proposal has been sent successfully!')).toBeVisible();

  const [trade] = (await (await alice.page.request.get('/api/trades')).json()) as Trade[];
  expect(trade!.flaggedAcknowledgements).toEqual([{ userId: alice.user.id, action: 'propose', sneakerIds: [bobPair.id], at: expect.any(String) }]);

  // Both sides of the trade card say it: Alice gets a flagged pair, Bob gives one.
  const aliceCard = alice.page.getByRole('article', { name: `Trade #${trade!.id}` });
  await expect(aliceCard.getByRole('region', { name: 'You get' }).getByText('Flagged for review')).toBeVisible();
  await expect(aliceCard.getByRole('region', { name: 'You give' }).getByText('Not verified')).toBeVisible();
  await bob.page.goto('/trades');
  const bobCard = bob.page.getByRole('article', { name: `Trade #${trade!.id}` });
  await expect(bobCard.getByRole('region', { name: 'You give' }).getByText('Flagged for review')).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});
