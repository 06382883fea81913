import type { Trade } from '@soleswap/contracts/trades';
import { readFairValue } from '@soleswap/contracts/wallet-fair-value';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal } from './trades.int-helpers';
import { buildSneaker } from '../../../test/factories';

/**
 * The fair-value meter (contracts/src/wallet-fair-value.ts) reads each pair's condition, estimate and
 * market price: every trade view carries them, the same on the proposal's answer, the list and the trade.
 */
describe('what the fair-value meter reads on a trade', () => {
  const testApp = useTestApp();

  it('carries each pair’s market price (or null) on every view, so each party reads the same values', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 0);
    const bob = await memberWithSneakers(testApp(), 'bob', 0);
    const market = await buildSneaker(testApp().ctx, { userId: alice.user.id, condition: '9.0', estimatedValue: '150.00', marketPrice: '300.00' });
    const estimate = await buildSneaker(testApp().ctx, { userId: bob.user.id, condition: '8.0', estimatedValue: '180.00' });
    alice.sneakers.push(market);
    bob.sneakers.push(estimate);

    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const views: Trade[] = [proposed.body, (await bob.get(`/api/trades/${proposed.body.id}`)).body];
    const list = await bob.get('/api/trades');
    expect(list.status).toBe(200);
    views.push((list.body as Trade[]).find((t) => t.id === proposed.body.id)!);

    for (const view of views) {
      expect(view.proposerSneakers).toEqual([
        expect.objectContaining({ id: market.id, condition: '9.0', estimatedValue: '150.00', marketPrice: '300.00' }),
      ]);
      expect(view.receiverSneakers).toEqual([expect.objectContaining({ id: estimate.id, estimatedValue: '180.00', marketPrice: null })]);
    }
    // Alice gives $270 at market (300 × 0.9) and gets Bob's $180 estimate: Bob would add $90 to even it.
    const reading = readFairValue({ mine: views[2]!.proposerSneakers, theirs: views[2]!.receiverSneakers });
    expect(reading).toMatchObject({
      give: { pairsCents: 27000, source: 'market' },
      get: { pairsCents: 18000, source: 'estimate' },
      balancingCash: { payer: 'them', cents: 9000 },
      lopsidedSide: 'me',
    });
  });
});
