import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { actionsOfUpdate, allowedSneakerActions, assertSneakerActions } from './sneaker-actions';

const OWNER = 'owner-1';
const free = { userId: OWNER, isAvailableForTrade: true, isLocked: false };
const hidden = { ...free, isAvailableForTrade: false };
const locked = { ...free, isLocked: true };

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return null;
};

describe('allowedSneakerActions', () => {
  it('gives the owner edit, hide or show (whichever applies), delete and verify', () => {
    expect(allowedSneakerActions(free, OWNER)).toEqual(['edit', 'hide', 'delete', 'verify']);
    expect(allowedSneakerActions(hidden, OWNER)).toEqual(['edit', 'show', 'delete', 'verify']);
  });

  it('keeps a pair whose flag an operator confirmed hidden until a verification after the review, an edit that cleared the verdict included', () => {
    const reviewedAt = new Date('2026-11-20T10:00:00Z');
    const confirmed = { ...hidden, verificationReview: 'confirmed' as const, verificationReviewedAt: reviewedAt };
    expect(allowedSneakerActions({ ...confirmed, lastVerificationDate: new Date('2026-11-20T09:00:00Z') }, OWNER)).not.toContain('show');
    // Renamed or new photos: the verdict is cleared, the confirmed flag is not.
    expect(allowedSneakerActions({ ...confirmed, lastVerificationDate: null }, OWNER)).not.toContain('show');
    expect(allowedSneakerActions({ ...confirmed, lastVerificationDate: new Date('2026-11-21T09:00:00Z') }, OWNER)).toContain('show');
  });

  it('gives nobody anything while the sneaker is locked in an accepted trade', () => {
    expect(allowedSneakerActions(locked, OWNER)).toEqual([]);
  });

  it('gives other members and visitors no owner actions', () => {
    expect(allowedSneakerActions(free, 'someone-else')).toEqual([]);
    expect(allowedSneakerActions(free, null)).toEqual([]);
  });
});

describe('actionsOfUpdate', () => {
  it('is an edit for any field, and hide or show only when availability flips', () => {
    expect(actionsOfUpdate(free, { estimatedValue: '300.00' })).toEqual(['edit']);
    expect(actionsOfUpdate(free, { isAvailableForTrade: false })).toEqual(['hide']);
    expect(actionsOfUpdate(hidden, { isAvailableForTrade: true })).toEqual(['show']);
    expect(actionsOfUpdate(free, { description: null, isAvailableForTrade: false })).toEqual(['edit', 'hide']);
    expect(actionsOfUpdate(free, { isAvailableForTrade: true })).toEqual(['edit']);
  });
});

describe('assertSneakerActions', () => {
  it('refuses someone else with FORBIDDEN and the owner of a locked sneaker with SNEAKER_LOCKED', () => {
    expect(refusal(() => assertSneakerActions(free, 'someone-else', ['edit']))).toBe('FORBIDDEN');
    for (const action of ['edit', 'hide', 'show', 'delete', 'verify'] as const) {
      expect(refusal(() => assertSneakerActions(locked, OWNER, [action]))).toBe('SNEAKER_LOCKED');
    }
  });

  it('lets the owner of a free sneaker act, but not show what is already shown', () => {
    expect(refusal(() => assertSneakerActions(free, OWNER, ['edit', 'hide']))).toBeNull();
    expect(refusal(() => assertSneakerActions(free, OWNER, ['delete']))).toBeNull();
    expect(refusal(() => assertSneakerActions(free, OWNER, ['show']))).toBe('CONFLICT');
  });
});
