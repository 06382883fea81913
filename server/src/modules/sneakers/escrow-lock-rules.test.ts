import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { assertChangeAllowedWhileLocked, changedIdentifyingFields } from './escrow-lock-rules';

const current = { name: 'AJ4 Bred', brand: 'Jordan', model: 'Air Jordan 4', colorway: 'Black/Red', size: '10', isAvailableForTrade: true };

const lockedError = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
  return null;
};

describe('changes to a sneaker locked in escrow', () => {
  it('refuses hiding it and changing what identifies it', () => {
    expect(lockedError(() => assertChangeAllowedWhileLocked(current, { isAvailableForTrade: false }))).toBe('SNEAKER_LOCKED');
    expect(lockedError(() => assertChangeAllowedWhileLocked(current, { size: '10.5' }))).toBe('SNEAKER_LOCKED');
    expect(lockedError(() => assertChangeAllowedWhileLocked(current, { colorway: null }))).toBe('SNEAKER_LOCKED');
  });

  it('allows resending the same values and changing the price, description or photo', () => {
    expect(lockedError(() => assertChangeAllowedWhileLocked(current, { name: 'AJ4 Bred', size: '10', isAvailableForTrade: true }))).toBeNull();
    expect(lockedError(() => assertChangeAllowedWhileLocked(current, { estimatedValue: '300.00', description: 'Worn twice' }))).toBeNull();
  });

  it('lists only the fields that really change', () => {
    expect(changedIdentifyingFields(current, { name: 'AJ4 Bred', model: 'Air Jordan 4 Retro', estimatedValue: '1.00' })).toEqual(['model']);
  });
});
