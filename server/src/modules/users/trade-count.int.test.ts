import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { signIn, useTestApp } from '../../../test/test-app';
import { chooseShipTos, shipBody } from '../trades/trades.int-helpers';

describe("a member's trade count", () => {
  const testApp = useTestApp();

  async function memberWithPairs(name: string) {
    const client = await signIn(testApp().app, { email: `${name}@example.com`, username: name });
    const pairs = [];
    for (let i = 0; i < 3; i++) pairs.push(await buildSneaker(testApp().ctx, { userId: client.user.id }));
    return Object.assign(client, { pairs });
  }

  it('is the number of completed trades on the profile, the dashboard, the user and the trade card alike', async () => {
    const alice = await memberWithPairs('alice-count');
    const bob = await memberWithPairs('bob-count');
    const propose = async (i: number) => {
      const res = await alice.post('/api/trades', {
        receiverId: bob.user.id,
        proposerSneakerIds: [alice.pairs[i]!.id],
        receiverSneakerIds: [bob.pairs[i]!.id],
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };

    // Three trades: one completed, one still pending, one declined.
    const done = await propose(0);
    expect((await bob.post(`/api/trades/${done}/accept`)).status).toBe(200);
    await chooseShipTos(done, alice, bob);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${done}/ship`, shipBody())).status).toBe(200);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${done}/receive`)).status).toBe(200);
    await propose(1);
    const declined = await propose(2);
    expect((await bob.post(`/api/trades/${declined}/reject`)).status).toBe(200);

    for (const who of [alice, bob]) {
      expect((await bob.get(`/api/users/${who.user.id}/stats`)).body.tradeCount).toBe(1);
      expect((await bob.get(`/api/users/${who.user.id}`)).body.totalTrades).toBe(1);
    }
    const trades = (await alice.get('/api/trades')).body as Array<{ id: number; counterparty: { totalTrades: number } }>;
    expect(trades).toHaveLength(3);
    expect(trades.map((t) => t.counterparty.totalTrades)).toEqual([1, 1, 1]);
  });
});
