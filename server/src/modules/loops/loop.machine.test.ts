import { LOOP_ACTIONS, LOOP_STATUSES, type LoopStatus } from '@soleswap/contracts/loops';
import { describe, expect, it } from 'vitest';
import {
  CLOSED_LOOP_STATUSES,
  LOOP_SYSTEM_ACTIONS,
  LoopTransitionError,
  allowedLoopActions,
  decideLoop,
  type LoopMemberState,
  type LoopSnapshot,
} from './loop.machine';

const fresh = (): LoopMemberState => ({ accepted: false, shipped: false, received: false });
const loop = (status: LoopStatus, members: Array<Partial<LoopMemberState>> = [{}, {}, {}]): LoopSnapshot => ({
  status,
  members: members.map((m) => ({ ...fresh(), ...m })),
});
const ALL_ACTIONS = [...LOOP_ACTIONS, ...LOOP_SYSTEM_ACTIONS];
const POSITIONS = [0, 1, 2];

describe('loop machine: proposed', () => {
  it('lets every member accept once and decline, and nothing else', () => {
    const s = loop('proposed');
    for (const p of POSITIONS) expect(allowedLoopActions(s, p)).toEqual(['accept', 'decline']);
    const accepted = loop('proposed', [{ accepted: true }, {}, {}]);
    expect(allowedLoopActions(accepted, 0)).toEqual(['decline']);
    expect(allowedLoopActions(accepted, 1)).toEqual(['accept', 'decline']);
  });

  it('stays proposed until the last acceptance, which locks escrow', () => {
    expect(decideLoop(loop('proposed'), { position: 1 }, 'accept')).toEqual({ status: 'proposed', effects: ['recordAcceptance'] });
    const twoIn = loop('proposed', [{ accepted: true }, {}, { accepted: true }]);
    expect(decideLoop(twoIn, { position: 1 }, 'accept')).toEqual({
      status: 'active',
      escrowStatus: 'locked',
      effects: ['recordAcceptance', 'lockEscrow'],
    });
    expect(() => decideLoop(twoIn, { position: 0 }, 'accept')).toThrow(LoopTransitionError);
  });

  it('ends for everyone when one member declines, even one who had accepted', () => {
    for (const p of POSITIONS) {
      expect(decideLoop(loop('proposed', [{ accepted: true }, {}, {}]), { position: p }, 'decline')).toEqual({
        status: 'declined',
        effects: ['recordDecline'],
      });
    }
  });

  it('is cancelled by the system when two members block each other, while nothing is locked', () => {
    expect(decideLoop(loop('proposed', [{ accepted: true }, {}, {}]), 'system', 'block')).toEqual({ status: 'cancelled', effects: [] });
    for (const p of POSITIONS) expect(() => decideLoop(loop('proposed'), { position: p }, 'block')).toThrow(LoopTransitionError);
    // An active loop holds every pair in escrow: a block does not end it.
    expect(() => decideLoop(loop('active'), 'system', 'block')).toThrow(LoopTransitionError);
  });

  it('expires by the scheduler only', () => {
    expect(decideLoop(loop('proposed'), 'system', 'expire')).toEqual({ status: 'expired', effects: [] });
    for (const p of POSITIONS) expect(() => decideLoop(loop('proposed'), { position: p }, 'expire')).toThrow(LoopTransitionError);
    expect(() => decideLoop(loop('proposed'), 'system', 'accept')).toThrow(LoopTransitionError);
  });

  it('refuses shipping, receiving and disputing before escrow is locked', () => {
    for (const p of POSITIONS) {
      for (const action of ['ship', 'receive', 'dispute'] as const) {
        expect(() => decideLoop(loop('proposed'), { position: p }, action)).toThrow(LoopTransitionError);
      }
    }
  });
});

describe('loop machine: active', () => {
  const everyoneAccepted = [{ accepted: true }, { accepted: true }, { accepted: true }];

  it('lets each member ship once and dispute; receive waits for the previous member to ship', () => {
    const s = loop('active', everyoneAccepted);
    for (const p of POSITIONS) expect(allowedLoopActions(s, p)).toEqual(['ship', 'dispute']);
    // Member 0 shipped to member 1: only member 1 may confirm receipt.
    const shipped0 = loop('active', [{ accepted: true, shipped: true }, { accepted: true }, { accepted: true }]);
    expect(allowedLoopActions(shipped0, 0)).toEqual(['dispute']);
    expect(allowedLoopActions(shipped0, 1)).toEqual(['ship', 'receive', 'dispute']);
    expect(allowedLoopActions(shipped0, 2)).toEqual(['ship', 'dispute']);
    // Member 0 receives from the last member (the loop wraps around).
    const shipped2 = loop('active', [{ accepted: true }, { accepted: true }, { accepted: true, shipped: true }]);
    expect(allowedLoopActions(shipped2, 0)).toEqual(['ship', 'receive', 'dispute']);
    expect(decideLoop(shipped2, { position: 0 }, 'receive')).toEqual({ status: 'active', effects: ['recordReceipt'] });
    expect(() => decideLoop(shipped2, { position: 1 }, 'receive')).toThrow(LoopTransitionError);
    expect(decideLoop(s, { position: 2 }, 'ship')).toEqual({ status: 'active', effects: ['recordShipment'] });
    expect(() => decideLoop(shipped0, { position: 0 }, 'ship')).toThrow(LoopTransitionError);
  });

  it('completes, releasing escrow and moving ownership, only on the last receipt', () => {
    const allShipped = [0, 1, 2].map(() => ({ accepted: true, shipped: true }));
    const twoReceived = loop('active', [{ ...allShipped[0], received: true }, allShipped[1]!, { ...allShipped[2], received: true }]);
    expect(decideLoop(twoReceived, { position: 1 }, 'receive')).toEqual({
      status: 'completed',
      escrowStatus: 'released',
      effects: ['recordReceipt', 'releaseEscrow', 'transferOwnership'],
    });
    expect(() => decideLoop(twoReceived, { position: 0 }, 'receive')).toThrow(LoopTransitionError);
    expect(decideLoop(loop('active', allShipped), { position: 0 }, 'receive').status).toBe('active');
  });

  it('freezes and refunds everyone on any member’s dispute', () => {
    for (const p of POSITIONS) {
      expect(decideLoop(loop('active', everyoneAccepted), { position: p }, 'dispute')).toEqual({
        status: 'disputed',
        escrowStatus: 'refunded',
        effects: ['recordDispute', 'refundEscrow'],
      });
    }
  });

  it('cancels and refunds everyone when any member missed the ship deadline, never once all have shipped', () => {
    const oneLate = loop('active', [{ shipped: true }, { shipped: true }, {}]);
    expect(decideLoop(oneLate, 'system', 'ship-deadline')).toEqual({ status: 'cancelled', escrowStatus: 'refunded', effects: ['refundEscrow'] });
    const allShipped = loop('active', [{ shipped: true }, { shipped: true }, { shipped: true }]);
    expect(() => decideLoop(allShipped, 'system', 'ship-deadline')).toThrow(LoopTransitionError);
    for (const p of POSITIONS) expect(() => decideLoop(oneLate, { position: p }, 'ship-deadline')).toThrow(LoopTransitionError);
    expect(() => decideLoop(oneLate, 'system', 'expire')).toThrow(LoopTransitionError);
  });

  it('refuses accept and decline once locked', () => {
    for (const p of POSITIONS) {
      expect(() => decideLoop(loop('active', everyoneAccepted), { position: p }, 'accept')).toThrow(LoopTransitionError);
      expect(() => decideLoop(loop('active', everyoneAccepted), { position: p }, 'decline')).toThrow(LoopTransitionError);
    }
  });
});

describe('loop machine: every state, action and member', () => {
  it('allows nothing in a closed state, to anyone', () => {
    for (const status of CLOSED_LOOP_STATUSES) {
      const s = loop(status, [{ accepted: true, shipped: true }, { accepted: true, shipped: true }, { accepted: true }]);
      for (const p of POSITIONS) expect(allowedLoopActions(s, p)).toEqual([]);
      for (const action of ALL_ACTIONS) {
        for (const actor of [...POSITIONS.map((position) => ({ position })), 'system' as const]) {
          expect(() => decideLoop(s, actor, action)).toThrow(LoopTransitionError);
        }
      }
    }
  });

  it('gives a stranger (no position, or one outside the loop) nothing', () => {
    for (const status of LOOP_STATUSES) {
      expect(allowedLoopActions(loop(status), null)).toEqual([]);
      for (const action of LOOP_ACTIONS) {
        expect(() => decideLoop(loop(status), { position: 3 }, action)).toThrow(LoopTransitionError);
        expect(() => decideLoop(loop(status), { position: -1 }, action)).toThrow(LoopTransitionError);
      }
    }
  });

  it('agrees with decide: every allowed action decides, every other action throws', () => {
    const shapes: Array<Array<Partial<LoopMemberState>>> = [
      [{}, {}, {}],
      [{ accepted: true }, {}, { accepted: true }],
      [{ accepted: true, shipped: true }, { accepted: true }, { accepted: true, shipped: true, received: true }],
      [
        { accepted: true, shipped: true, received: true },
        { accepted: true, shipped: true },
        { accepted: true, shipped: true },
      ],
    ];
    for (const status of LOOP_STATUSES) {
      for (const members of shapes) {
        const s = loop(status, members);
        for (const p of POSITIONS) {
          const allowed = allowedLoopActions(s, p);
          for (const action of LOOP_ACTIONS) {
            if (allowed.includes(action)) expect(() => decideLoop(s, { position: p }, action)).not.toThrow();
            else expect(() => decideLoop(s, { position: p }, action)).toThrow(LoopTransitionError);
          }
        }
      }
    }
  });
});
