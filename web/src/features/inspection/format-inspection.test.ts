import { describe, expect, it } from 'vitest';
import type { InspectionJourney } from '@soleswap/contracts/inspection';
import { headingText, journeySteps } from './format-inspection';

const pair = (overrides: Partial<InspectionJourney>): InspectionJourney => ({
  id: 1,
  tradeId: 7,
  side: 'proposer',
  ownerId: 'a',
  recipientId: 'b',
  status: 'awaiting_arrival',
  shippedAt: null,
  verdict: null,
  notes: null,
  photoUrls: [],
  receivedAt: null,
  decidedAt: null,
  memberDecidedAt: null,
  forwardedAt: null,
  forwardedTo: null,
  forwardTracking: null,
  deadlineAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  allowedActions: [],
  ...overrides,
});

describe('a pair’s journey as the trade page lists it', () => {
  it('names each step taken, in order', () => {
    const steps = journeySteps(
      pair({
        status: 'forwarded',
        verdict: 'passed',
        shippedAt: '2026-01-02T10:00:00.000Z',
        receivedAt: '2026-01-03T10:00:00.000Z',
        decidedAt: '2026-01-04T10:00:00.000Z',
        forwardedAt: '2026-01-05T10:00:00.000Z',
        forwardedTo: 'recipient',
      }),
    );
    expect(steps.map((s) => s.label)).toEqual([
      'Trade accepted: its owner ships it to the centre',
      'Shipped to the centre',
      'Arrived at the centre',
      'Passed inspection',
      'Sent on to its new owner',
    ]);
  });

  it('says a pair is on its way to the centre only once its owner shipped it (issue #40)', () => {
    expect(journeySteps(pair({})).map((s) => s.label)).toEqual(['Trade accepted: its owner ships it to the centre']);
    expect(journeySteps(pair({ shippedAt: '2026-01-02T10:00:00.000Z' })).map((s) => s.label)).toEqual([
      'Trade accepted: its owner ships it to the centre',
      'On its way to the centre',
    ]);
  });

  it('tells a failed pair sent back from a quality issue its new owner declined', () => {
    const failed = pair({
      status: 'forwarded',
      verdict: 'failed',
      receivedAt: 'x',
      decidedAt: '2026-01-04T10:00:00.000Z',
      forwardedAt: '2026-01-05T10:00:00.000Z',
      forwardedTo: 'owner',
    });
    expect(journeySteps(failed).map((s) => s.label)).toEqual([
      'Trade accepted: its owner ships it to the centre',
      'Arrived at the centre',
      'Failed inspection',
      'Sent back to its owner',
    ]);
    const declined = pair({
      status: 'failed',
      verdict: 'quality_issue',
      receivedAt: 'x',
      decidedAt: 'y',
      memberDecidedAt: '2026-01-06T10:00:00.000Z',
    });
    expect(
      journeySteps(declined)
        .map((s) => s.label)
        .slice(2),
    ).toEqual(['Quality issue found', 'Declined by its new owner']);
  });
});

describe('where a pair goes, as the inspector’s card says it (issue #40)', () => {
  const heading = (to: 'recipient' | 'owner' | null, hasShipTo: boolean) => ({
    to,
    memberId: to ? 'b' : null,
    username: to ? 'bob' : null,
    hasShipTo,
  });

  it('names the member and warns, truthfully, when they have chosen no ship-to', () => {
    expect(headingText({ status: 'received', heading: heading('recipient', false) })).toEqual({
      text: 'Goes on to bob, its new owner, if both pairs pass.',
      warning: 'bob has not chosen a ship-to address for this trade yet: Forward is refused until they choose one on their trade page.',
    });
    expect(headingText({ status: 'passed', heading: heading('recipient', true) })).toEqual({
      text: 'Goes on to bob, its new owner, once both pairs passed.',
      warning: null,
    });
    expect(headingText({ status: 'failed', heading: heading('owner', true) }).text).toBe('Goes back to bob, its owner.');
    expect(headingText({ status: 'forwarded', heading: heading('recipient', false) })).toEqual({
      text: 'Sent on to bob, its new owner.',
      warning: null,
    });
    expect(headingText({ status: 'received', heading: heading(null, false) }).text).toContain('disputed');
  });
});
