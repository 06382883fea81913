import { describe, expect, it } from 'vitest';
import { INSPECTION_ACTIONS, INSPECTION_STATUSES, type InspectionStatus } from '@soleswap/contracts/inspection';
import {
  INSPECTION_DEADLINE_ACTIONS,
  allowedInspectionActions,
  decideInspection,
  inspectionRolesOf,
  tradeStandingOf,
  type InspectionActor,
  type InspectionSnapshot,
  type TradeStanding,
} from './inspection.machine';

const snap = (status: InspectionStatus, trade: TradeStanding = 'open', otherStatus: InspectionStatus = 'received'): InspectionSnapshot => ({
  status,
  trade,
  otherStatus,
});

describe('a pair at the authentication centre (docs/rules/inspection.md)', () => {
  it('walks awaiting arrival → received → passed → forwarded for the inspector', () => {
    expect(decideInspection(snap('awaiting_arrival'), 'inspector', 'receive')).toEqual({ ok: true, status: 'received', effects: ['recordArrival'] });
    expect(decideInspection(snap('received'), 'inspector', 'pass')).toEqual({ ok: true, status: 'passed', effects: ['recordVerdict'] });
    expect(decideInspection(snap('passed', 'open', 'passed'), 'inspector', 'forward')).toEqual({
      ok: true,
      status: 'forwarded',
      effects: ['recordForward'],
      forwardedTo: 'recipient',
    });
  });

  it('completes the trade with the second pair forwarded, and never forwards one before the other passed', () => {
    expect(decideInspection(snap('passed', 'open', 'forwarded'), 'inspector', 'forward')).toMatchObject({
      effects: ['recordForward', 'completeTrade'],
    });
    for (const other of ['awaiting_arrival', 'received', 'quality_issue'] as const) {
      expect(decideInspection(snap('passed', 'open', other), 'inspector', 'forward')).toMatchObject({ ok: false, reason: 'OTHER_PAIR_NOT_PASSED' });
    }
  });

  it('fails the trade on a failed pair, a declined quality issue, a silent member or a pair that never arrives', () => {
    expect(decideInspection(snap('received'), 'inspector', 'fail')).toMatchObject({ status: 'failed', effects: ['recordVerdict', 'failTrade'] });
    expect(decideInspection(snap('quality_issue'), 'recipient', 'decline-issue')).toMatchObject({
      status: 'failed',
      effects: ['recordMemberAnswer', 'failTrade'],
    });
    expect(decideInspection(snap('quality_issue'), 'system', 'answer-deadline')).toMatchObject({
      status: 'failed',
      effects: ['recordMemberAnswer', 'failTrade'],
    });
    expect(decideInspection(snap('awaiting_arrival'), 'system', 'expire')).toMatchObject({ status: 'cancelled', effects: ['failTrade'] });
    expect(INSPECTION_DEADLINE_ACTIONS).toEqual({ awaiting_arrival: 'expire', quality_issue: 'answer-deadline' });
  });

  it('lets only the receiving member answer a quality issue', () => {
    expect(allowedInspectionActions(snap('quality_issue'), 'recipient')).toEqual(['accept-issue', 'decline-issue']);
    expect(decideInspection(snap('quality_issue'), 'recipient', 'accept-issue')).toMatchObject({ status: 'passed' });
    expect(decideInspection(snap('quality_issue'), 'inspector', 'accept-issue')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideInspection(snap('received'), 'recipient', 'pass')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
  });

  it('sends every pair back to its owner once the trade ended, and judges nothing more', () => {
    for (const status of ['received', 'passed', 'failed', 'quality_issue'] as const) {
      expect(decideInspection(snap(status, 'ended'), 'inspector', 'forward')).toMatchObject({ ok: true, forwardedTo: 'owner' });
    }
    expect(decideInspection(snap('received', 'ended'), 'inspector', 'pass')).toMatchObject({ ok: false, reason: 'TRADE_ENDED' });
    expect(decideInspection(snap('received', 'held'), 'inspector', 'forward')).toMatchObject({ ok: false, reason: 'TRADE_NOT_OPEN' });
  });

  it('sends every pair on to its new owner once an admin resolved the dispute as completed', () => {
    for (const status of ['received', 'passed', 'failed', 'quality_issue'] as const) {
      expect(decideInspection(snap(status, 'completed', 'awaiting_arrival'), 'inspector', 'forward')).toEqual({
        ok: true,
        status: 'forwarded',
        effects: ['recordForward'],
        forwardedTo: 'recipient',
      });
    }
  });

  it('offers nothing on a forwarded or cancelled pair, and allowedActions agrees with decide everywhere', () => {
    const roles: InspectionActor[] = ['inspector', 'recipient', 'system'];
    for (const status of INSPECTION_STATUSES) {
      for (const trade of ['open', 'ended', 'completed', 'held'] as const) {
        for (const role of roles) {
          const allowed = allowedInspectionActions(snap(status, trade, 'passed'), role);
          expect(allowed).toEqual(INSPECTION_ACTIONS.filter((a) => decideInspection(snap(status, trade, 'passed'), role, a).ok));
          if (status === 'forwarded' || status === 'cancelled') expect(allowed).toEqual([]);
        }
      }
    }
  });

  it('gives the inspector role to inspectors and admins who are not parties, and the recipient role to the member it goes to', () => {
    const pair = { ownerId: 'owner', recipientId: 'recipient' };
    expect(inspectionRolesOf(pair, { id: 'x', role: 'inspector' })).toEqual(['inspector']);
    expect(inspectionRolesOf(pair, { id: 'x', role: 'admin' })).toEqual(['inspector']);
    expect(inspectionRolesOf(pair, { id: 'x', role: 'member' })).toEqual([]);
    expect(inspectionRolesOf(pair, { id: 'owner', role: 'inspector' })).toEqual([]);
    expect(inspectionRolesOf(pair, { id: 'recipient', role: 'inspector' })).toEqual(['recipient']);
    expect(['accepted', 'disputed', 'completed', 'cancelled'].map(tradeStandingOf)).toEqual(['open', 'held', 'completed', 'ended']);
  });
});
