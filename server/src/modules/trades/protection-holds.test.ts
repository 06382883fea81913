import { describe, expect, it } from 'vitest';
import { protectionHoldsOf, tradeMoneyFacts, type HoldColumns } from './protection-holds';

const accepted: HoldColumns = {
  id: 7,
  status: 'accepted',
  proposerId: 'pia',
  receiverId: 'rex',
  proposerHoldCents: 24000,
  receiverHoldCents: 0,
  endedCause: null,
  endedAtFaultIds: [],
};

/** A trade ended by `cause`, the members at fault as its transition recorded them. */
const ended = (status: 'cancelled' | 'completed', cause: HoldColumns['endedCause'], atFault: string[] = []): HoldColumns => ({
  ...accepted,
  status,
  endedCause: cause,
  endedAtFaultIds: atFault,
});

describe('tradeMoneyFacts reads the ending the trade machine recorded', () => {
  it('names the sides that missed the ship deadline', () => {
    expect(tradeMoneyFacts(ended('cancelled', 'ship_deadline', ['pia']))).toEqual({
      tradeId: 7,
      isTradeCompleted: false,
      hasEnded: true,
      missedShipDeadline: ['pia'],
      resolvedAgainst: [],
      failedInspection: [],
    });
    expect(tradeMoneyFacts(ended('cancelled', 'ship_deadline', ['pia', 'rex'])).missedShipDeadline).toEqual(['pia', 'rex']);
  });

  it('blames nobody when both sides cancelled, or a proposal never bound', () => {
    for (const cause of ['mutual_cancel', 'withdrawn'] as const) {
      expect(tradeMoneyFacts(ended('cancelled', cause))).toMatchObject({ hasEnded: true, missedShipDeadline: [], resolvedAgainst: [] });
    }
  });

  it('holds a refund ruling against the member it names; a completed ruling against nobody', () => {
    expect(tradeMoneyFacts(ended('cancelled', 'dispute_refunded', ['pia']))).toMatchObject({ resolvedAgainst: ['pia'], missedShipDeadline: [] });
    expect(tradeMoneyFacts(ended('completed', 'dispute_completed'))).toMatchObject({ isTradeCompleted: true, resolvedAgainst: [] });
    // Opened by the system for a suspended member: the ruling names nobody.
    expect(tradeMoneyFacts(ended('cancelled', 'dispute_refunded')).resolvedAgainst).toEqual([]);
  });

  it('holds a trade the authentication centre failed against the member whose pair failed, and nobody missed a deadline', () => {
    const failed = ended('cancelled', 'failed_inspection', ['rex']);
    expect(tradeMoneyFacts(failed)).toMatchObject({ hasEnded: true, resolvedAgainst: ['rex'], failedInspection: ['rex'], missedShipDeadline: [] });
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
    expect(protectionHoldsOf({ ...accepted, status: 'pending' })).toEqual([{ side: 'proposer', amountCents: 24000, status: 'due' }]);
    expect(protectionHoldsOf(accepted)).toEqual([{ side: 'proposer', amountCents: 24000, status: 'held' }]);
    expect(protectionHoldsOf(ended('completed', 'completed'))[0]!.status).toBe('released');
    expect(protectionHoldsOf({ ...ended('cancelled', 'ship_deadline', ['pia']), receiverHoldCents: 30000 })).toEqual([
      { side: 'proposer', amountCents: 24000, status: 'captured' },
      { side: 'receiver', amountCents: 30000, status: 'released' },
    ]);
  });

  it('shows nothing for a trade without holds', () => {
    expect(protectionHoldsOf({ ...accepted, proposerHoldCents: 0 })).toEqual([]);
  });
});
