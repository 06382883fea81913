import { describe, expect, it } from 'vitest';
import { changedIdentifyingFields } from './sneaker-identity';

const current = { name: 'AJ4 Bred', brand: 'Jordan', model: 'Air Jordan 4', colorway: 'Black/Red', styleCode: null, size: '10' };

describe('changedIdentifyingFields', () => {
  it('lists only the identifying fields that really change', () => {
    expect(changedIdentifyingFields(current, { name: 'AJ4 Bred', model: 'Air Jordan 4 Retro', estimatedValue: '1.00' })).toEqual(['model']);
    expect(changedIdentifyingFields(current, { colorway: null, size: '10' })).toEqual(['colorway']);
    expect(changedIdentifyingFields(current, { styleCode: 'CT8527-016' })).toEqual(['styleCode']);
  });
});
