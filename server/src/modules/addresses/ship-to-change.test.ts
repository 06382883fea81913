import { describe, expect, it } from 'vitest';
import { shipToChangeRefusal, type ShipToTradeFacts } from './ship-to-access';

const trade = (overrides: Partial<ShipToTradeFacts>): ShipToTradeFacts => ({
  id: 1,
  proposerId: 'alice',
  receiverId: 'bob',
  status: 'accepted',
  acceptedAt: new Date('2026-01-01'),
  closedAt: null,
  proposerShippedAt: null,
  receiverShippedAt: null,
  ...overrides,
});

describe('when a member may still choose where a pair comes to them (docs/rules/addresses.md)', () => {
  it('direct: until the other side shipped, and only while pending or accepted', () => {
    expect(shipToChangeRefusal(trade({}), 'receiver')).toBeNull();
    expect(shipToChangeRefusal(trade({ proposerShippedAt: new Date() }), 'receiver')).toContain('already shipped');
    expect(shipToChangeRefusal(trade({ status: 'cancelled' }), 'receiver')).toContain('cancelled');
  });

  it('via the centre: while a pair is still to come to them from the centre, whatever the status, never after', () => {
    const via = { viaAuthentication: true, proposerShippedAt: new Date(), receiverShippedAt: new Date() };
    expect(shipToChangeRefusal(trade({ ...via, awaitingFromCentre: ['alice', 'bob'] }), 'receiver')).toBeNull();
    expect(shipToChangeRefusal(trade({ ...via, awaitingFromCentre: ['alice'] }), 'receiver')).toContain('already sent');
    // A failed trade: Alice's own pair is still to go back to her.
    expect(shipToChangeRefusal(trade({ ...via, status: 'cancelled', awaitingFromCentre: ['alice'] }), 'proposer')).toBeNull();
    expect(shipToChangeRefusal(trade({ ...via, status: 'cancelled', awaitingFromCentre: ['alice'] }), 'receiver')).toContain('cancelled');
    expect(shipToChangeRefusal(trade({ viaAuthentication: true, status: 'pending', acceptedAt: null }), 'proposer')).toBeNull();
  });
});
