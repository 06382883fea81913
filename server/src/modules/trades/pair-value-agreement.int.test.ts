import type { Trade } from '@soleswap/contracts/trades';
import { readFairValue } from '@soleswap/contracts/wallet-fair-value';
import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { GOOD_CARD } from './protection-holds.int-helpers';
import { protectionHoldsForProposal } from './protection-hold-amounts';
import { viaAuthenticationFor } from './authentication-route';
import { stepUpValueCents, tradeValueCents } from './trade-step-up';
import { memberWithSneakers } from './trades.int-helpers';

/**
 * Issue #42: a member saw one pair at three values on one screen: the meter at market by condition,
 * the hold at market, step-up and the authentication centre's threshold at the owner's estimate.
 * Every consumer now values a pair by contracts/src/pair-value.ts.
 */
describe('one pair, one value: the meter, the hold, step-up and the centre agree (issue #42)', () => {
  const testApp = useTestApp({
    PROTECTION_HOLD_COMPLETED_TRADES: '3',
    PROTECTION_HOLD_MIN_VALUE_CENTS: '20000',
    AUTHENTICATION_CENTRE_ADDRESS: 'SoleSwap Authentication|1 Centre Way|Portland, OR 97201',
    AUTHENTICATION_REQUIRED_ABOVE_CENTS: '25000',
  });

  it('values a pair with a market price at its market value by condition everywhere, not at its lower estimate', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 0);
    const bob = await memberWithSneakers(testApp(), 'bob', 0);
    // $300 at market, condition 9: $270. Its owner estimates it at $100.
    const pair = await buildSneaker(testApp().ctx, { userId: alice.user.id, condition: '9.0', estimatedValue: '100.00', marketPrice: '300.00' });
    const bobsPair = await buildSneaker(testApp().ctx, { userId: bob.user.id, condition: '8.0', estimatedValue: '50.00' });
    const sides = { proposerSneakerIds: [pair.id], receiverSneakerIds: [bobsPair.id] };
    const ctx = testApp().ctx;

    const holds = await protectionHoldsForProposal(ctx, { proposerId: alice.user.id, receiverId: bob.user.id, ...sides });
    expect(holds.proposerHoldCents).toBe(27000);
    expect(await stepUpValueCents(ctx, sides)).toBe(27000);
    expect(await tradeValueCents(ctx, sides)).toBe(27000);
    // $270 is above the centre's $250: the trade goes via authentication whatever was chosen.
    expect(await viaAuthenticationFor(ctx, { sides, chosen: undefined })).toBe(true);

    // The trade page's meter reads the same $270 off the trade view, and the hold shown is that amount.
    const proposed = await alice.post('/api/trades', { receiverId: bob.user.id, ...sides, cashCard: GOOD_CARD, viaAuthentication: true });
    expect(proposed.status).toBe(201);
    const view: Trade = (await bob.get(`/api/trades/${proposed.body.id}`)).body;
    expect(readFairValue({ mine: view.proposerSneakers, theirs: view.receiverSneakers }).give.pairsCents).toBe(27000);
    expect(view.protectionHolds).toEqual([expect.objectContaining({ side: 'proposer', amountCents: 27000 })]);
  });
});
