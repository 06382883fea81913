import { describe, expect, it } from 'vitest';
import { allowedHoldAppealActions, decideHoldAppeal, splitReversal, type HoldAppealSnapshot } from './hold-appeal.machine';

const capture = (overrides: Partial<HoldAppealSnapshot> = {}): HoldAppealSnapshot => ({
  status: 'none',
  captureReason: 'failed_authentication',
  isWithinWindow: true,
  ...overrides,
});

describe('the hold appeal machine (docs/rules/money.md#appealing-a-capture)', () => {
  it('lets only the owner of the failed pair file, once, within the window, for a failed pair only', () => {
    expect(decideHoldAppeal(capture(), ['owner'], 'file')).toEqual({ ok: true, status: 'open', effects: ['recordAppeal'] });
    expect(decideHoldAppeal(capture(), ['other'], 'file')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideHoldAppeal(capture(), ['admin'], 'file')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideHoldAppeal(capture({ status: 'open' }), ['owner'], 'file')).toMatchObject({ ok: false, reason: 'ALREADY_FILED' });
    expect(decideHoldAppeal(capture({ isWithinWindow: false }), ['owner'], 'file')).toMatchObject({ ok: false, reason: 'TOO_LATE' });
    expect(decideHoldAppeal(capture({ captureReason: 'missed_ship_deadline' }), ['owner'], 'file')).toMatchObject({
      ok: false,
      reason: 'NOT_APPEALABLE',
    });
    expect(decideHoldAppeal(capture({ captureReason: 'lost_dispute' }), ['owner'], 'file')).toMatchObject({ ok: false, reason: 'NOT_APPEALABLE' });
  });

  it('lets an admin reverse (moving the money) or uphold an open appeal; the same ruling again is a replay, the other refused', () => {
    const open = capture({ status: 'open' });
    expect(decideHoldAppeal(open, ['admin'], 'reverse')).toEqual({ ok: true, status: 'reversed', effects: ['reverseCapture', 'recordRuling'] });
    expect(decideHoldAppeal(open, ['admin'], 'uphold')).toEqual({ ok: true, status: 'upheld', effects: ['recordRuling'] });
    expect(decideHoldAppeal(open, ['owner'], 'reverse')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideHoldAppeal(capture({ status: 'reversed' }), ['admin'], 'reverse')).toEqual({
      ok: true,
      status: 'reversed',
      effects: [],
      changed: false,
    });
    expect(decideHoldAppeal(capture({ status: 'reversed' }), ['admin'], 'uphold')).toMatchObject({ ok: false, reason: 'ALREADY_RULED' });
    expect(decideHoldAppeal(capture({ status: 'upheld' }), ['admin'], 'reverse')).toMatchObject({ ok: false, reason: 'ALREADY_RULED' });
    expect(decideHoldAppeal(capture(), ['admin'], 'reverse')).toMatchObject({ ok: false, reason: 'NOT_FILED' });
  });

  it('answers allowedActions from the same table', () => {
    expect(allowedHoldAppealActions(capture({ status: 'open' }), ['admin'])).toEqual(['reverse', 'uphold']);
    expect(allowedHoldAppealActions(capture({ status: 'open' }), ['owner'])).toEqual([]);
    expect(allowedHoldAppealActions(capture({ status: 'reversed' }), ['admin'])).toEqual([]);
  });

  it('takes back at most the payee’s balance, never below zero, and the platform pays the rest', () => {
    expect(splitReversal(25000, 30000)).toEqual({ takenBackCents: 25000, platformCents: 0 });
    expect(splitReversal(25000, 4000)).toEqual({ takenBackCents: 4000, platformCents: 21000 });
    expect(splitReversal(25000, 0)).toEqual({ takenBackCents: 0, platformCents: 25000 });
  });
});
