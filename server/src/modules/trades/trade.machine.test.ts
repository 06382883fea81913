import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@soleswap/contracts/time';
import { TRADE_ACTIONS, TRADE_STATUSES } from '@soleswap/contracts/trades';
import type { TradeStatus } from '@soleswap/contracts/trades';
import {
  CLOSED_TRADE_STATUSES,
  REFUSAL_REASONS,
  SYSTEM_ACTIONS,
  TRADE_DEADLINE_ACTIONS,
  allowedActions,
  decide,
  refusalOf,
  overdueReceipts,
  rolesOf,
} from './trade.machine';
import type { DecideExtra, MachineAction, Refusal, RefusalReason, TradeActor, TradeDecision, TradeSnapshot } from './trade.machine';

const ROLES: TradeActor[] = ['proposer', 'receiver', 'admin', 'system'];
const ACTIONS: MachineAction[] = [...TRADE_ACTIONS, ...SYSTEM_ACTIONS];
const AT = new Date('2025-03-01T12:00:00.000Z');

/** A trade that just entered `status`: nothing shipped, received or asked for, not rated. */
function snap(status: TradeStatus, overrides: Partial<TradeSnapshot> = {}): TradeSnapshot {
  return {
    status,
    proposerShippedAt: null,
    receiverShippedAt: null,
    proposerReceivedAt: null,
    receiverReceivedAt: null,
    proposerCancelRequestedAt: null,
    receiverCancelRequestedAt: null,
    hasRated: false,
    ...overrides,
  };
}

/** decide refuses (it answers the refusal, with a reason, and never throws). */
function expectInvalid(verdict: TradeDecision | Refusal) {
  expect(verdict).toMatchObject({ ok: false, reason: expect.any(String) });
}

/**
 * Written out by hand from docs/rules/trades.md#actions-and-who-may-take-them, not derived from the machine: every
 * (status, role, action) that is allowed on a freshly entered status, and what it does.
 * Everything not listed here must throw.
 */
const ALLOWED: Array<[TradeStatus, TradeActor, MachineAction, TradeDecision]> = [
  ['pending', 'receiver', 'accept', { ok: true, status: 'accepted', escrowStatus: 'locked', effects: ['lockEscrow'] }],
  ['pending', 'receiver', 'reject', { ok: true, status: 'rejected', effects: [], ending: { cause: 'rejected', atFault: [] } }],
  ['pending', 'receiver', 'counter', { ok: true, status: 'countered', effects: ['createCounter'], ending: { cause: 'countered', atFault: [] } }],
  ['pending', 'proposer', 'cancel', { ok: true, status: 'cancelled', effects: [], ending: { cause: 'withdrawn', atFault: [] } }],
  ['pending', 'system', 'cancel', { ok: true, status: 'cancelled', effects: [], ending: { cause: 'withdrawn', atFault: [] } }],
  ['pending', 'system', 'expire', { ok: true, status: 'expired', effects: [], ending: { cause: 'expired', atFault: [] } }],
  ['accepted', 'proposer', 'ship', { ok: true, status: 'accepted', effects: ['recordShipment'] }],
  ['accepted', 'receiver', 'ship', { ok: true, status: 'accepted', effects: ['recordShipment'] }],
  ['accepted', 'proposer', 'cancel', { ok: true, status: 'accepted', effects: ['recordCancelRequest'] }],
  ['accepted', 'receiver', 'cancel', { ok: true, status: 'accepted', effects: ['recordCancelRequest'] }],
  ['accepted', 'proposer', 'dispute', { ok: true, status: 'disputed', effects: ['recordDispute'] }],
  ['accepted', 'receiver', 'dispute', { ok: true, status: 'disputed', effects: ['recordDispute'] }],
  ['accepted', 'system', 'dispute', { ok: true, status: 'disputed', effects: ['recordDispute'] }],
  [
    'accepted',
    'system',
    'ship-deadline',
    {
      ok: true,
      status: 'cancelled',
      escrowStatus: 'refunded',
      effects: ['refundEscrow', 'penalizeLateShipper'],
      // Neither side had shipped: both missed the deadline.
      ending: { cause: 'ship_deadline', atFault: ['proposer', 'receiver'] },
    },
  ],
  [
    'disputed',
    'admin',
    'resolve',
    {
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['releaseEscrow', 'transferOwnership'],
      ending: { cause: 'dispute_completed', atFault: [] },
    },
  ],
  ['completed', 'proposer', 'rate', { ok: true, status: 'completed', effects: ['recordRating'] }],
  ['completed', 'receiver', 'rate', { ok: true, status: 'completed', effects: ['recordRating'] }],
];

const allowedKey = (status: TradeStatus, role: TradeActor, action: MachineAction) => `${status}/${role}/${action}`;
const EXPECTED = new Map(ALLOWED.map(([status, role, action, result]) => [allowedKey(status, role, action), result]));

describe('decide on a freshly entered status', () => {
  const cases = TRADE_STATUSES.flatMap((status) => ROLES.flatMap((role) => ACTIONS.map((action) => ({ status, role, action }))));

  it.each(cases)('$status: $role $action', ({ status, role, action }) => {
    const expected = EXPECTED.get(allowedKey(status, role, action));
    const verdict = decide(snap(status), role, action, { outcome: 'completed' });
    if (expected) expect(verdict).toEqual(expected);
    else expectInvalid(verdict);
  });

  it('leaves rejected, cancelled, countered and expired trades alone whoever asks', () => {
    for (const status of ['rejected', 'cancelled', 'countered', 'expired'] as const) {
      expect(ROLES.flatMap((role) => allowedActions(snap(status), role))).toEqual([]);
    }
  });
});

describe('pending', () => {
  it('cannot be accepted once a sneaker is locked elsewhere, but can still be rejected or countered', () => {
    const unavailable = snap('pending', { isUnavailable: true });
    expectInvalid(decide(unavailable, 'receiver', 'accept'));
    expect(allowedActions(unavailable, 'receiver')).toEqual(['reject', 'counter']);
  });
});

describe('accepted: shipping', () => {
  it('lets each side ship its own parcel once', () => {
    const proposerShipped = snap('accepted', { proposerShippedAt: AT });
    expectInvalid(decide(proposerShipped, 'proposer', 'ship'));
    expect(decide(proposerShipped, 'receiver', 'ship')).toEqual({ ok: true, status: 'accepted', effects: ['recordShipment'] });
  });

  it('lets a side confirm receipt only after the other side shipped', () => {
    // The proposer shipping does not let the proposer confirm anything.
    const proposerShipped = snap('accepted', { proposerShippedAt: AT });
    expectInvalid(decide(proposerShipped, 'proposer', 'receive'));
    expect(decide(proposerShipped, 'receiver', 'receive')).toEqual({ ok: true, status: 'accepted', effects: ['recordReceipt'] });
  });

  it('accepts each receipt once', () => {
    const received = snap('accepted', { receiverShippedAt: AT, proposerReceivedAt: AT });
    expectInvalid(decide(received, 'proposer', 'receive'));
  });

  it('completes and releases escrow when the second side confirms receipt', () => {
    const oneReceived = snap('accepted', {
      proposerShippedAt: AT,
      receiverShippedAt: AT,
      receiverReceivedAt: AT,
    });
    expect(decide(oneReceived, 'proposer', 'receive')).toEqual({
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['recordReceipt', 'releaseEscrow', 'transferOwnership'],
      ending: { cause: 'completed', atFault: [] },
    });
  });

  it('still allows a dispute after both sides shipped', () => {
    const bothShipped = snap('accepted', { proposerShippedAt: AT, receiverShippedAt: AT });
    expect(decide(bothShipped, 'receiver', 'dispute').status).toBe('disputed');
  });
});

describe('accepted: cancelling', () => {
  it('records one request per side and cancels with a refund when both asked', () => {
    const proposerAsked = snap('accepted', { proposerCancelRequestedAt: AT });
    expectInvalid(decide(proposerAsked, 'proposer', 'cancel'));
    expect(decide(proposerAsked, 'receiver', 'cancel')).toEqual({
      ok: true,
      status: 'cancelled',
      escrowStatus: 'refunded',
      effects: ['recordCancelRequest', 'refundEscrow'],
      // Both asked: nobody is at fault, whatever was shipped (issue #42).
      ending: { cause: 'mutual_cancel', atFault: [] },
    });
  });
});

describe('accepted: ship deadline', () => {
  it('cancels when one side has not shipped, and records that side as the one at fault', () => {
    expect(decide(snap('accepted', { proposerShippedAt: AT }), 'system', 'ship-deadline')).toMatchObject({
      status: 'cancelled',
      ending: { cause: 'ship_deadline', atFault: ['receiver'] },
    });
    // One side asking to cancel does not stop the deadline, nor excuse that side.
    expect(decide(snap('accepted', { receiverCancelRequestedAt: AT }), 'system', 'ship-deadline')).toMatchObject({
      ending: { cause: 'ship_deadline', atFault: ['proposer', 'receiver'] },
    });
  });

  it('no longer applies once both sides shipped', () => {
    expectInvalid(decide(snap('accepted', { proposerShippedAt: AT, receiverShippedAt: AT }), 'system', 'ship-deadline'));
  });
});

describe('accepted: receipts past their receive-by (auto-receive)', () => {
  const bothShipped = { proposerShippedAt: AT, receiverShippedAt: AT };

  it('confirms an overdue receipt and completes the trade when it was the last one', () => {
    const verdict = decide(snap('accepted', { ...bothShipped, proposerReceivedAt: AT, overdueReceipts: ['receiver'] }), 'system', 'auto-receive');
    expect(verdict).toEqual({
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['recordOverdueReceipts', 'releaseEscrow', 'transferOwnership'],
      ending: { cause: 'completed', atFault: [] },
    });
    expect(decide(snap('accepted', { ...bothShipped, overdueReceipts: ['proposer', 'receiver'] }), 'system', 'auto-receive')).toMatchObject({
      status: 'completed',
    });
  });

  it('confirms one overdue receipt and stays accepted while the other side has not received', () => {
    expect(decide(snap('accepted', { receiverShippedAt: AT, overdueReceipts: ['proposer'] }), 'system', 'auto-receive')).toEqual({
      ok: true,
      status: 'accepted',
      effects: ['recordOverdueReceipts'],
    });
  });

  it('applies to nothing without an overdue receipt, to people never, and never to a disputed trade', () => {
    expect(refusalOf(snap('accepted', bothShipped), 'system', 'auto-receive')?.reason).toBe('NOTHING_OVERDUE');
    // Overdue but already confirmed, or the parcel never left: nothing to confirm.
    expect(
      refusalOf(snap('accepted', { ...bothShipped, proposerReceivedAt: AT, overdueReceipts: ['proposer'] }), 'system', 'auto-receive')?.reason,
    ).toBe('NOTHING_OVERDUE');
    expect(refusalOf(snap('accepted', { proposerShippedAt: AT, overdueReceipts: ['proposer'] }), 'system', 'auto-receive')?.reason).toBe(
      'NOTHING_OVERDUE',
    );
    expect(refusalOf(snap('accepted', { ...bothShipped, overdueReceipts: ['receiver'] }), 'receiver', 'auto-receive')?.reason).toBe('NOT_YOUR_ROLE');
    expect(refusalOf(snap('disputed', { ...bothShipped, overdueReceipts: ['receiver'] }), 'system', 'auto-receive')?.reason).toBe('WRONG_STATUS');
  });
});

describe('overdueReceipts', () => {
  const row = { proposerReceiveBy: new Date(AT.getTime() + DAY_MS), receiverReceiveBy: null, proposerReceivedAt: null, receiverReceivedAt: null };

  it('names the parties whose receive-by has passed without a confirmation', () => {
    expect(overdueReceipts(row, AT)).toEqual([]);
    expect(overdueReceipts(row, new Date(AT.getTime() + DAY_MS))).toEqual(['proposer']);
    expect(overdueReceipts({ ...row, proposerReceivedAt: AT }, new Date(AT.getTime() + 2 * DAY_MS))).toEqual([]);
  });
});

describe('disputed', () => {
  it('is resolved by an admin to cancelled with a refund', () => {
    expect(decide(snap('disputed', { disputedBy: 'receiver' }), 'admin', 'resolve', { outcome: 'cancelled' })).toEqual({
      ok: true,
      status: 'cancelled',
      escrowStatus: 'refunded',
      effects: ['refundEscrow'],
      // The refund goes against the side that did not open the dispute (issue #42: recorded, not re-derived).
      ending: { cause: 'dispute_refunded', atFault: ['proposer'] },
    });
    // One the system opened for a suspended member goes against nobody.
    expect(decide(snap('disputed', { disputedBy: null }), 'admin', 'resolve', { outcome: 'cancelled' })).toMatchObject({
      ending: { cause: 'dispute_refunded', atFault: [] },
    });
  });

  it('needs an outcome to resolve', () => {
    expectInvalid(decide(snap('disputed'), 'admin', 'resolve'));
  });

  it('gives a party who is also an admin both sets of actions', () => {
    expect(allowedActions(snap('disputed'), ['proposer', 'admin'])).toEqual(['resolve']);
    expect(decide(snap('disputed'), ['proposer', 'admin'], 'resolve', { outcome: 'completed' }).status).toBe('completed');
    expect(allowedActions(snap('pending'), ['receiver', 'admin'])).toEqual(['accept', 'reject', 'counter']);
  });
});

describe('completed', () => {
  it('can be rated once per party', () => {
    const rated = snap('completed', { hasRated: true });
    expectInvalid(decide(rated, 'proposer', 'rate'));
    expect(allowedActions(rated, 'receiver')).toEqual([]);
  });
});

describe('outsiders', () => {
  it('can do nothing to any trade', () => {
    for (const status of TRADE_STATUSES) {
      expect(allowedActions(snap(status), [])).toEqual([]);
      for (const action of ACTIONS) expectInvalid(decide(snap(status), [], action));
    }
  });
});

describe('allowedActions agrees with decide', () => {
  const STAMPS = [
    'proposerShippedAt',
    'receiverShippedAt',
    'proposerReceivedAt',
    'receiverReceivedAt',
    'proposerCancelRequestedAt',
    'receiverCancelRequestedAt',
  ] as const;
  const ROLE_SETS: TradeActor[][] = [...ROLES.map((r) => [r]), ['proposer', 'admin'], ['receiver', 'admin'], []];

  // Every combination of set timestamps, rated flag and availability, for every status.
  const snapshots = TRADE_STATUSES.flatMap((status) =>
    Array.from({ length: 2 ** (STAMPS.length + 2) }, (_, bits) => {
      const s = snap(status, { hasRated: (bits & 1) === 1, isUnavailable: (bits & 2) === 2 });
      STAMPS.forEach((field, i) => {
        if (bits & (4 << i)) s[field] = AT;
      });
      return s;
    }),
  );

  it('for every status, state and role', () => {
    const disagreements: string[] = [];
    for (const s of snapshots) {
      for (const roles of ROLE_SETS) {
        const offered = allowedActions(s, roles);
        for (const action of TRADE_ACTIONS) {
          const allowed = decide(s, roles, action, { outcome: 'completed' }).ok;
          if (offered.includes(action) !== allowed) disagreements.push(`${JSON.stringify(s)} ${roles} ${action}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('refusal reasons', () => {
  /** The reason decide gives, with the refusal it carries. */
  function refusal(s: TradeSnapshot, roles: TradeActor | TradeActor[], action: MachineAction, extra: DecideExtra = {}): Refusal {
    const verdict = decide(s, roles, action, extra);
    if (verdict.ok) throw new Error(`${action} was allowed`);
    return verdict;
  }

  const CASES: Array<[RefusalReason, string, () => ReturnType<typeof refusal>]> = [
    ['NOT_YOUR_ROLE', 'the proposer accepting their own proposal', () => refusal(snap('pending'), 'proposer', 'accept')],
    ['CLOSED', 'anyone acting on a rejected trade', () => refusal(snap('rejected'), 'receiver', 'accept')],
    ['WRONG_STATUS', 'shipping a pending trade', () => refusal(snap('pending'), 'proposer', 'ship')],
    ['UNAVAILABLE', 'accepting with a sneaker locked elsewhere', () => refusal(snap('pending', { isUnavailable: true }), 'receiver', 'accept')],
    ['ALREADY_SHIPPED', 'shipping twice', () => refusal(snap('accepted', { receiverShippedAt: AT }), 'receiver', 'ship')],
    [
      'ALREADY_RECEIVED',
      'confirming receipt twice',
      () => refusal(snap('accepted', { receiverShippedAt: AT, proposerReceivedAt: AT }), 'proposer', 'receive'),
    ],
    ['OTHER_SIDE_NOT_SHIPPED', 'confirming a parcel never sent', () => refusal(snap('accepted', { proposerShippedAt: AT }), 'proposer', 'receive')],
    ['ALREADY_ASKED_TO_CANCEL', 'asking to cancel twice', () => refusal(snap('accepted', { proposerCancelRequestedAt: AT }), 'proposer', 'cancel')],
    ['ALREADY_RATED', 'rating twice', () => refusal(snap('completed', { hasRated: true }), 'receiver', 'rate')],
    [
      'BOTH_SHIPPED',
      'the ship deadline after both shipped',
      () => refusal(snap('accepted', { proposerShippedAt: AT, receiverShippedAt: AT }), 'system', 'ship-deadline'),
    ],
    [
      'NOTHING_OVERDUE',
      'auto-receiving when no receipt is overdue',
      () => refusal(snap('accepted', { receiverShippedAt: AT }), 'system', 'auto-receive'),
    ],
    ['OUTCOME_REQUIRED', 'resolving without an outcome', () => refusal(snap('disputed'), 'admin', 'resolve')],
    [
      'IN_CUSTODY',
      'a member confirming receipt of a pair the centre forwards',
      () => refusal(snap('accepted', { proposerShippedAt: AT, viaAuthentication: true }), 'receiver', 'receive'),
    ],
    ['NOT_VIA_AUTHENTICATION', 'the centre completing a direct trade', () => refusal(snap('accepted'), 'centre', 'custody-complete')],
  ];

  it.each(CASES)('%s: %s', (reason, _what, run) => {
    expect(run().reason).toBe(reason);
  });

  it('covers every reason', () => {
    expect(CASES.map(([reason]) => reason).sort()).toEqual([...REFUSAL_REASONS].sort());
  });

  it('names who may act when the action belongs to another role', () => {
    expect(refusal(snap('pending'), 'proposer', 'accept').rightfulRoles).toEqual(['receiver']);
    expect(refusal(snap('disputed'), 'receiver', 'resolve').rightfulRoles).toEqual(['admin']);
    expect(refusal(snap('completed'), 'admin', 'rate').rightfulRoles).toEqual(['proposer', 'receiver']);
    // Nobody at all is not a role: an outsider is refused as not theirs to take.
    expect(refusal(snap('pending'), [], 'reject').reason).toBe('NOT_YOUR_ROLE');
  });

  it('reports the step already taken before the role of someone else (your own progress is never "not yours")', () => {
    const shipped = snap('accepted', { proposerShippedAt: AT });
    expect(refusal(shipped, 'proposer', 'ship').reason).toBe('ALREADY_SHIPPED');
    expect(refusal(snap('accepted', { proposerShippedAt: AT, proposerReceivedAt: AT }), 'proposer', 'receive').reason).toBe('ALREADY_RECEIVED');
  });

  it('answers the refusal with its reason instead of throwing, like every machine', () => {
    expect(decide(snap('pending'), 'proposer', 'accept')).toEqual({
      ok: false,
      reason: 'NOT_YOUR_ROLE',
      status: 'pending',
      action: 'accept',
      rightfulRoles: ['receiver'],
    });
    expect(decide(snap('disputed'), 'admin', 'resolve')).toMatchObject({ ok: false, reason: 'OUTCOME_REQUIRED' });
  });

  it('refusalOf answers without throwing, and null when allowed', () => {
    expect(refusalOf(snap('pending'), 'receiver', 'accept')).toBeNull();
    expect(refusalOf(snap('expired'), 'receiver', 'accept')).toMatchObject({ reason: 'CLOSED', status: 'expired', action: 'accept' });
  });
});

describe('CLOSED_TRADE_STATUSES', () => {
  it('lists exactly the statuses no action moves a trade out of', () => {
    const leaves = (status: TradeStatus) =>
      ROLES.some((role) =>
        ACTIONS.some((action) => {
          const verdict = decide(snap(status), role, action, { outcome: 'completed' });
          return verdict.ok && verdict.status !== status;
        }),
      );
    expect(TRADE_STATUSES.filter((status) => !leaves(status)).sort()).toEqual([...CLOSED_TRADE_STATUSES].sort());
  });
});

describe('rolesOf', () => {
  const trade = { proposerId: 'p', receiverId: 'r' };

  it('names the side a user is on, and admin only for trades they are not part of', () => {
    expect(rolesOf(trade, { id: 'p', isAdmin: false })).toEqual(['proposer']);
    expect(rolesOf(trade, { id: 'r', isAdmin: true })).toEqual(['receiver']);
    expect(rolesOf(trade, { id: 'x', isAdmin: true })).toEqual(['admin']);
    expect(rolesOf(trade, { id: 'x', isAdmin: false })).toEqual([]);
  });
});

describe('TRADE_DEADLINE_ACTIONS (what the one deadline sweep applies)', () => {
  it('names, for each status with a deadline, a system action the machine takes from it', () => {
    // A trade past its ship deadline has at most one side shipped.
    // A trade past its receive-by has that parcel shipped and its receipt overdue.
    const past = { proposerShippedAt: AT, overdueReceipts: ['receiver'] } as const;
    for (const [status, actions] of Object.entries(TRADE_DEADLINE_ACTIONS) as Array<[TradeStatus, MachineAction | MachineAction[]]>) {
      for (const action of typeof actions === 'string' ? [actions] : actions) {
        expect(SYSTEM_ACTIONS).toContain(action);
        expect(decide(snap(status, past), 'system', action)).toMatchObject({ ok: true });
      }
    }
    expect(Object.keys(TRADE_DEADLINE_ACTIONS).sort()).toEqual(['accepted', 'pending']);
  });
});

describe('a trade via the authentication centre (docs/rules/inspection.md)', () => {
  const shippedBoth = { proposerShippedAt: AT, receiverShippedAt: AT };

  it('lets the centre complete it (escrow released, ownership swapped) or fail it (escrow refunded)', () => {
    const s = snap('accepted', { ...shippedBoth, viaAuthentication: true });
    expect(decide(s, 'centre', 'custody-complete')).toEqual({
      ok: true,
      status: 'completed',
      escrowStatus: 'released',
      effects: ['releaseEscrow', 'transferOwnership'],
      ending: { cause: 'completed', atFault: [] },
    });
    // The side whose pair failed is at fault, though both shipped on time.
    expect(decide(s, 'centre', 'custody-fail', { failedParty: 'receiver' })).toEqual({
      ok: true,
      status: 'cancelled',
      escrowStatus: 'refunded',
      effects: ['refundEscrow', 'recordFailedInspection'],
      ending: { cause: 'failed_inspection', atFault: ['receiver'] },
    });
  });

  it('leaves receipt to the centre: neither member confirms it', () => {
    const s = snap('accepted', { ...shippedBoth, viaAuthentication: true });
    for (const role of ['proposer', 'receiver'] as const) {
      expect(decide(s, role, 'receive')).toMatchObject({ ok: false, reason: 'IN_CUSTODY' });
      expect(allowedActions(s, role)).not.toContain('receive');
    }
  });

  it('refuses the centre on a direct trade, on a trade no longer accepted, and refuses everyone else the centre’s actions', () => {
    expect(decide(snap('accepted'), 'centre', 'custody-complete')).toMatchObject({ ok: false, reason: 'NOT_VIA_AUTHENTICATION' });
    expect(decide(snap('cancelled', { viaAuthentication: true }), 'centre', 'custody-fail')).toMatchObject({ ok: false, reason: 'CLOSED' });
    for (const role of ROLES) {
      expect(decide(snap('accepted', { viaAuthentication: true }), role, 'custody-complete')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    }
  });
});
