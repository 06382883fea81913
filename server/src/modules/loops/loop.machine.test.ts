import { LOOP_ACTIONS, LOOP_STATUSES, type LoopStatus } from '@soleswap/contracts/loops';
import { describe, expect, it } from 'vitest';
import {
  CLOSED_LOOP_STATUSES,
  LOOP_DEADLINE_ACTIONS,
  LOOP_SYSTEM_ACTIONS,
  LOOP_REFUSAL_REASONS,
  allowedLoopActions,
  decideLoop,
  type LoopDecision,
  type LoopMemberState,
  type LoopRefusal,
  type LoopRefusalReason,
  type LoopSnapshot,
  type LoopSystemAction,
} from './loop.machine';

const fresh = (): LoopMemberState => ({ accepted: false, shipToChosen: true, shipped: false, received: false });
const loop = (status: LoopStatus, members: Array<Partial<LoopMemberState>> = [{}, {}, {}]): LoopSnapshot => ({
  status,
  members: members.map((m) => ({ ...fresh(), ...m })),
});
const ALL_ACTIONS = [...LOOP_ACTIONS, ...LOOP_SYSTEM_ACTIONS];
const POSITIONS = [0, 1, 2];

/** decideLoop refuses: it answers the refusal, with a reason, and never throws. */
function expectRefused(verdict: LoopDecision | LoopRefusal) {
  expect(verdict).toMatchObject({ ok: false, reason: expect.any(String) });
}

describe('loop machine: proposed', () => {
  it('lets every member accept once and decline, and nothing else', () => {
    const s = loop('proposed');
    for (const p of POSITIONS) expect(allowedLoopActions(s, p)).toEqual(['accept', 'decline']);
    const accepted = loop('proposed', [{ accepted: true }, {}, {}]);
    expect(allowedLoopActions(accepted, 0)).toEqual(['decline']);
    expect(allowedLoopActions(accepted, 1)).toEqual(['accept', 'decline']);
  });

  it('stays proposed until the last acceptance, which locks escrow', () => {
    expect(decideLoop(loop('proposed'), { position: 1 }, 'accept')).toEqual({ ok: true, status: 'proposed', effects: ['recordAcceptance'] });
    const twoIn = loop('proposed', [{ accepted: true }, {}, { accepted: true }]);
    expect(decideLoop(twoIn, { position: 1 }, 'accept')).toEqual({
      ok: true,
      status: 'active',
      escrowStatus: 'locked',
      effects: ['recordAcceptance', 'lockEscrow'],
    });
    expectRefused(decideLoop(twoIn, { position: 0 }, 'accept'));
  });

  it('binds only once every member accepted with a ship-to: one without stays proposed and may accept again', () => {
    const noShipTo = loop('proposed', [{ accepted: true }, { accepted: true, shipToChosen: false }, {}]);
    expect(decideLoop(noShipTo, { position: 2 }, 'accept')).toEqual({ ok: true, status: 'proposed', effects: ['recordAcceptance'] });
    expect(allowedLoopActions(noShipTo, 1)).toEqual(['accept', 'decline']);
    const lastWithout = loop('proposed', [{ accepted: true }, { accepted: true }, { shipToChosen: false }]);
    expect(decideLoop(lastWithout, { position: 2 }, 'accept')).toEqual({ ok: true, status: 'proposed', effects: ['recordAcceptance'] });
    // The last acceptance that brings its ship-to binds the loop; so does accepting again with one.
    expect(decideLoop(lastWithout, { position: 2, bringsShipTo: true }, 'accept')).toMatchObject({ ok: true, status: 'active' });
    const againWith = loop('proposed', [{ accepted: true }, { accepted: true }, { accepted: true, shipToChosen: false }]);
    expect(decideLoop(againWith, { position: 2, bringsShipTo: true }, 'accept')).toMatchObject({
      ok: true,
      status: 'active',
      escrowStatus: 'locked',
    });
    expectRefused(decideLoop(loop('proposed', [{ accepted: true }, {}, {}]), { position: 0, bringsShipTo: true }, 'accept'));
  });

  it('ends for everyone when one member declines, even one who had accepted', () => {
    for (const p of POSITIONS) {
      expect(decideLoop(loop('proposed', [{ accepted: true }, {}, {}]), { position: p }, 'decline')).toEqual({
        ok: true,
        status: 'declined',
        effects: [],
      });
    }
  });

  it('is cancelled by the system when two members block each other, while nothing is locked', () => {
    expect(decideLoop(loop('proposed', [{ accepted: true }, {}, {}]), 'system', 'block')).toEqual({ ok: true, status: 'cancelled', effects: [] });
    for (const p of POSITIONS) expectRefused(decideLoop(loop('proposed'), { position: p }, 'block'));
    // An active loop holds every pair in escrow: a block does not end it.
    expectRefused(decideLoop(loop('active'), 'system', 'block'));
  });

  it('expires by the scheduler only', () => {
    expect(decideLoop(loop('proposed'), 'system', 'expire')).toEqual({ ok: true, status: 'expired', effects: [] });
    for (const p of POSITIONS) expectRefused(decideLoop(loop('proposed'), { position: p }, 'expire'));
    expectRefused(decideLoop(loop('proposed'), 'system', 'accept'));
  });

  it('refuses shipping, receiving and disputing before escrow is locked', () => {
    for (const p of POSITIONS) {
      for (const action of ['ship', 'receive', 'dispute'] as const) {
        expectRefused(decideLoop(loop('proposed'), { position: p }, action));
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
    expect(decideLoop(shipped2, { position: 0 }, 'receive')).toEqual({ ok: true, status: 'active', effects: ['recordReceipt'] });
    expectRefused(decideLoop(shipped2, { position: 1 }, 'receive'));
    expect(decideLoop(s, { position: 2 }, 'ship')).toEqual({ ok: true, status: 'active', effects: ['recordShipment'] });
    expectRefused(decideLoop(shipped0, { position: 0 }, 'ship'));
  });

  it('completes, releasing escrow and moving ownership, only on the last receipt', () => {
    const allShipped = [0, 1, 2].map(() => ({ accepted: true, shipped: true }));
    const twoReceived = loop('active', [{ ...allShipped[0], received: true }, allShipped[1]!, { ...allShipped[2], received: true }]);
    expect(decideLoop(twoReceived, { position: 1 }, 'receive')).toEqual({
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['recordReceipt', 'releaseEscrow', 'transferOwnership'],
    });
    expectRefused(decideLoop(twoReceived, { position: 0 }, 'receive'));
    expect(decideLoop(loop('active', allShipped), { position: 0 }, 'receive').status).toBe('active');
  });

  it('freezes and refunds everyone on any member’s dispute', () => {
    for (const p of POSITIONS) {
      expect(decideLoop(loop('active', everyoneAccepted), { position: p }, 'dispute')).toEqual({
        ok: true,
        status: 'disputed',
        escrowStatus: 'refunded',
        effects: ['recordDispute', 'refundEscrow'],
      });
    }
  });

  it('cancels and refunds everyone when any member missed the ship deadline, never once all have shipped', () => {
    const oneLate = loop('active', [{ shipped: true }, { shipped: true }, {}]);
    expect(decideLoop(oneLate, 'system', 'ship-deadline')).toEqual({
      ok: true,
      status: 'cancelled',
      escrowStatus: 'refunded',
      effects: ['refundEscrow'],
    });
    const allShipped = loop('active', [{ shipped: true }, { shipped: true }, { shipped: true }]);
    expectRefused(decideLoop(allShipped, 'system', 'ship-deadline'));
    for (const p of POSITIONS) expectRefused(decideLoop(oneLate, { position: p }, 'ship-deadline'));
    expectRefused(decideLoop(oneLate, 'system', 'expire'));
  });

  it('confirms the receipts nobody confirmed by their receive-by, completing the loop with the last one', () => {
    const shipped = { shipped: true };
    // Member 1's incoming leg (from member 0) is overdue; members 0 and 2 have received theirs.
    const lastOverdue = loop('active', [
      { ...shipped, received: true },
      { ...shipped, receiptOverdue: true },
      { ...shipped, received: true },
    ]);
    expect(decideLoop(lastOverdue, 'system', 'auto-receive')).toEqual({
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['recordOverdueReceipts', 'releaseEscrow', 'transferOwnership'],
    });
    const oneOfSeveral = loop('active', [shipped, { ...shipped, receiptOverdue: true }, shipped]);
    expect(decideLoop(oneOfSeveral, 'system', 'auto-receive')).toEqual({ ok: true, status: 'active', effects: ['recordOverdueReceipts'] });
    // Nothing overdue, or overdue but the pair never left: nothing to confirm; and never for a member.
    expect(decideLoop(loop('active', [shipped, shipped, shipped]), 'system', 'auto-receive')).toMatchObject({ reason: 'NOTHING_OVERDUE' });
    expect(decideLoop(loop('active', [{}, { receiptOverdue: true }, {}]), 'system', 'auto-receive')).toMatchObject({ reason: 'NOTHING_OVERDUE' });
    expectRefused(decideLoop(oneOfSeveral, { position: 1 }, 'auto-receive'));
    expect(decideLoop(loop('disputed', [shipped, { ...shipped, receiptOverdue: true }, shipped]), 'system', 'auto-receive')).toMatchObject({
      reason: 'CLOSED',
    });
  });

  it('refuses accept and decline once locked', () => {
    for (const p of POSITIONS) {
      expectRefused(decideLoop(loop('active', everyoneAccepted), { position: p }, 'accept'));
      expectRefused(decideLoop(loop('active', everyoneAccepted), { position: p }, 'decline'));
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
          expectRefused(decideLoop(s, actor, action));
        }
      }
    }
  });

  it('gives a stranger (no position, or one outside the loop) nothing', () => {
    for (const status of LOOP_STATUSES) {
      expect(allowedLoopActions(loop(status), null)).toEqual([]);
      for (const action of LOOP_ACTIONS) {
        expectRefused(decideLoop(loop(status), { position: 3 }, action));
        expectRefused(decideLoop(loop(status), { position: -1 }, action));
      }
    }
  });

  it('agrees with decide: every allowed action decides, every other action is refused', () => {
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
            if (allowed.includes(action)) expect(decideLoop(s, { position: p }, action).ok).toBe(true);
            else expectRefused(decideLoop(s, { position: p }, action));
          }
        }
      }
    }
  });
});

describe('loop machine: refusal reasons', () => {
  const accepted = { accepted: true };
  const CASES: Array<[LoopRefusalReason, string, LoopDecision | LoopRefusal]> = [
    ['NOT_YOUR_ROLE', 'a member expiring a loop', decideLoop(loop('proposed'), { position: 0 }, 'expire')],
    ['CLOSED', 'accepting a declined loop', decideLoop(loop('declined'), { position: 0 }, 'accept')],
    ['WRONG_STATUS', 'shipping a proposed loop', decideLoop(loop('proposed'), { position: 0 }, 'ship')],
    ['ALREADY_ACCEPTED', 'accepting twice', decideLoop(loop('proposed', [accepted, {}, {}]), { position: 0 }, 'accept')],
    ['ALREADY_SHIPPED', 'shipping twice', decideLoop(loop('active', [{ shipped: true }, {}, {}]), { position: 0 }, 'ship')],
    [
      'ALREADY_RECEIVED',
      'confirming receipt twice',
      decideLoop(loop('active', [{ shipped: true }, { received: true }, {}]), { position: 1 }, 'receive'),
    ],
    ['PREVIOUS_NOT_SHIPPED', 'confirming a pair never sent', decideLoop(loop('active'), { position: 1 }, 'receive')],
    ['NOTHING_OVERDUE', 'auto-receiving with no receipt overdue', decideLoop(loop('active'), 'system', 'auto-receive')],
    [
      'ALL_SHIPPED',
      'the ship deadline once everyone shipped',
      decideLoop(loop('active', [{ shipped: true }, { shipped: true }, { shipped: true }]), 'system', 'ship-deadline'),
    ],
  ];

  it.each(CASES)('%s: %s', (reason, _what, verdict) => {
    expect(verdict).toMatchObject({ ok: false, reason });
  });

  it('covers every reason', () => {
    expect(CASES.map(([reason]) => reason).sort()).toEqual([...LOOP_REFUSAL_REASONS].sort());
  });

  it('says which status and action it refused', () => {
    expect(decideLoop(loop('completed'), { position: 2 }, 'dispute')).toEqual({
      ok: false,
      reason: 'CLOSED',
      status: 'completed',
      action: 'dispute',
    });
  });
});

describe('LOOP_DEADLINE_ACTIONS (what the one deadline sweep applies)', () => {
  it('names, for each status with a deadline, a system action the machine takes from it', () => {
    // A loop past a receive-by has that leg shipped and its receipt overdue.
    const past = loop('active', [{ shipped: true }, { receiptOverdue: true }, {}]);
    for (const [status, actions] of Object.entries(LOOP_DEADLINE_ACTIONS) as Array<[LoopStatus, LoopSystemAction | LoopSystemAction[]]>) {
      for (const action of typeof actions === 'string' ? [actions] : actions) {
        expect(LOOP_SYSTEM_ACTIONS).toContain(action);
        expect(decideLoop({ ...past, status }, 'system', action)).toMatchObject({ ok: true });
      }
    }
    expect(Object.keys(LOOP_DEADLINE_ACTIONS).sort()).toEqual(['active', 'proposed']);
  });
});
