import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** What the receiver accepts must be what was proposed: a listing edited since cannot be accepted. */
describe('a sneaker edited after a proposal', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  async function pendingTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    // Edits come a moment later, as a person's would.
    const realNow = testApp().ctx.now;
    testApp().ctx.now = () => new Date(realNow().getTime() + 5_000);
    return { alice, bob, trade, restoreClock: () => (testApp().ctx.now = realNow) };
  }

  it('cannot be accepted after the proposer lowers its condition, and the trade says why', async () => {
    const { alice, bob, trade, restoreClock } = await pendingTrade();
    try {
      expect((await alice.put(`/api/sneakers/${alice.sneakers[0]!.id}`, { condition: '6' })).status).toBe(200);
      const view = await bob.get(`/api/trades/${trade.id}`);
      expect(view.body.isUnavailable).toBe(true);
      expect(view.body.allowedActions).not.toContain('accept');
      const accept = await bob.post(`/api/trades/${trade.id}/accept`);
      expect(accept.status).toBe(409);
      expect(accept.body.message).toMatch(/was changed after this proposal was made/);
    } finally {
      restoreClock();
    }
  });

  it('stays acceptable when only the asking value or availability flag was touched and restored', async () => {
    const { alice, bob, trade, restoreClock } = await pendingTrade();
    try {
      const id = alice.sneakers[0]!.id;
      expect((await alice.put(`/api/sneakers/${id}`, { estimatedValue: '999.00' })).status).toBe(200);
      expect((await alice.put(`/api/sneakers/${id}`, { isAvailableForTrade: false })).status).toBe(200);
      expect((await alice.put(`/api/sneakers/${id}`, { isAvailableForTrade: true })).status).toBe(200);
      const accept = await bob.post(`/api/trades/${trade.id}/accept`);
      expect(accept.status).toBe(200);
      expect(accept.body.status).toBe('accepted');
    } finally {
      restoreClock();
    }
  });
});
