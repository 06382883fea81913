import { describe, expect, it } from 'vitest';
import { isPostalMismatch } from './postal-codes';

describe('a carrier postal code against the ship-to', () => {
  it('warns of another place', () => {
    expect(isPostalMismatch('78701', '10001')).toBe(true);
    expect(isPostalMismatch('10115', '10117')).toBe(true);
    expect(isPostalMismatch('SW1A 1AA', 'EC1A 1BB')).toBe(true);
  });

  it('takes a ZIP+4 and its ZIP, spaces, dashes and case as one place', () => {
    expect(isPostalMismatch('78701', '78701-1234')).toBe(false);
    expect(isPostalMismatch('sw1a 1aa', 'SW1A1AA')).toBe(false);
    expect(isPostalMismatch('100-0001', '1000001')).toBe(false);
  });

  it('says nothing when either side does not know', () => {
    expect(isPostalMismatch(null, '10001')).toBe(false);
    expect(isPostalMismatch('78701', null)).toBe(false);
    expect(isPostalMismatch('78701', '  ')).toBe(false);
  });
});
