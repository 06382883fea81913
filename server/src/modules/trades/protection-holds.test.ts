import { describe, expect, it } from 'vitest';
import { protectionHoldsOf, tradeMoneyFacts, type HoldColumns } from './protection-holds';

const at = new Date('2026-11-01T00:00:00Z');
const accepted: HoldColumns = {
  id: 7,
  status: 'accepted',
  proposerId: 'pia',
  receiverId: 'rex',
  proposerHoldCents: 24000,
  receiverHoldCents: 0,
  acceptedAt: at,
  proposerShippedAt: null,
  receiverShippedAt: null,
  proposerCancelRequestedAt: null,
  receiverCancelRequestedAt: null,
  disputedAt: null,
  disputedById: null,
  failedInspectionMemberId: null,
};

describe('tradeMoneyFacts', () => {
  it('names the sides that had not shipped when the ship deadline cancelled the trade', () => {
    const facts = tradeMoneyFacts({ ...accepted, status: 'cancelled', receiverShippedAt: at });
    expect(facts).toEqual({
      tradeId: 7,
      isTradeCompleted: false,
      hasEnded: true,
      missedShipDeadline: ['pia'],
      resolvedAgainst: [],
      failedInspection: [],
    });
    // One side asking to cancel does not stop the deadline.
    expect(tradeMoneyFacts({ ...accepted, status: 'cancelled', proposerCancelRequestedAt: at }).missedShipDeadline).toEqual(['pia', 'rex']);
  });

  it('blames nobody when both sides cancelled', () => {
    const facts = tradeMoneyFacts({ ...accepted, status: 'cancelled', proposerCancelRequestedAt: at, receiverCancelRequestedAt: at });
    expect(facts).toMatchObject({ hasEnded: true, missedShipDeadline: [], resolvedAgainst: [] });
  });

  it('holds a refund ruling against the side that did not open the dispute; a completed ruling against nobody', () => {
    const disputed = { ...accepted, disputedAt: at, disputedById: 'rex' };
    expect(tradeMoneyFacts({ ...disputed, status: 'cancelled' })).toMatchObject({ resolvedAgainst: ['pia'], missedShipDeadline: [] });
    expect(tradeMoneyFacts({ ...disputed, status: 'completed' })).toMatchObject({ isTradeCompleted: true, resolvedAgainst: [] });
    // Opened by the system for a suspended member: the ruling names nobody.
    expect(tradeMoneyFacts({ ...disputed, disputedById: null, status: 'cancelled' }).resolvedAgainst).toEqual([]);
  });

  it('holds a trade the authentication centre failed against the member whose pair failed, and nobody missed a deadline', () => {
    // Rex's pair failed inspection after Pia's had arrived; Rex had shipped, Pia too.
    const failed = { ...accepted, status: 'cancelled' as const, proposerShippedAt: at, receiverShippedAt: at, failedInspectionMemberId: 'rex' };
    expect(tradeMoneyFacts(failed)).toMatchObject({ hasEnded: true, resolvedAgainst: ['rex'], failedInspection: ['rex'], missedShipDeadline: [] });
    // Pia's pair never reached the centre (she never shipped): her failure, and not a ship-deadline miss for Rex.
    const neverArrived = { ...accepted, status: 'cancelled' as const, receiverShippedAt: at, failedInspectionMemberId: 'pia' };
    expect(tradeMoneyFacts(neverArrived)).toMatchObject({ resolvedAgainst: ['pia'], missedShipDeadline: [] });
    expect(protectionHoldsOf({ ...failed, receiverHoldCents: 30000 })).toEqual([
      { side: 'proposer', amountCents: 24000, status: 'released' },
      { side: 'receiver', amountCents: 30000, status: 'captured' },
    ]);
  });

  it('leaves a running trade’s money where it is', () => {
    for (const status of ['pending', 'accepted', 'disputed'] as const) expect(tradeMoneyFacts({ ...accepted, status }).hasEnded).toBe(false);
    for (const status of ['rejected', 'expired', 'countered', 'completed'] as const)
      expect(tradeMoneyFacts({ ...accepted, status }).hasEnded).toBe(true);
  });
});

describe('protectionHoldsOf', () => {
  it('shows each side’s hold: due before acceptance, held while the trade runs, then captured or released', () => {
    expect(protectionHoldsOf({ ...accepted, status: 'pending', acceptedAt: null })).toEqual([
      { side: 'proposer', amountCents: 24000, status: 'due' },
    ]);
    expect(protectionHoldsOf(accepted)).toEqual([{ side: 'proposer', amountCents: 24000, status: 'held' }]);
    expect(protectionHoldsOf({ ...accepted, status: 'completed' })[0]!.status).toBe('released');
    const late = { ...accepted, status: 'cancelled' as const, receiverHoldCents: 30000, receiverShippedAt: at };
    expect(protectionHoldsOf(late)).toEqual([
      { side: 'proposer', amountCents: 24000, status: 'captured' },
      { side: 'receiver', amountCents: 30000, status: 'released' },
    ]);
  });

  it('shows nothing for a trade without holds', () => {
    expect(protectionHoldsOf({ ...accepted, proposerHoldCents: 0 })).toEqual([]);
  });
});
