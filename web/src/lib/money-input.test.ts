import { describe, expect, it } from 'vitest';
import { parseDollarsToCents } from './money-input';

describe('parseDollarsToCents', () => {
  it('reads dollars and cents as a member types them, in integer cents', () => {
    expect(parseDollarsToCents('25')).toBe(2500);
    expect(parseDollarsToCents(' $25.5 ')).toBe(2550);
    expect(parseDollarsToCents('$1,025.50')).toBe(102_550);
    expect(parseDollarsToCents('0.07')).toBe(7);
    // 0.29 * 100 is 28.999999999999996 as a float.
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('1234567.89')).toBe(123_456_789);
  });

  it('refuses what is not an amount: fractions of a cent, signs, words, stray commas', () => {
    for (const text of ['', '12.345', '-5', 'abc', '1,00', '1,0000', '12.', '.5', '1e3', '$']) expect(parseDollarsToCents(text)).toBeNull();
  });

  it('refuses cents where only whole dollars are taken', () => {
    expect(parseDollarsToCents('25', { wholeDollars: true })).toBe(2500);
    expect(parseDollarsToCents('$1,000', { wholeDollars: true })).toBe(100_000);
    expect(parseDollarsToCents('12.50', { wholeDollars: true })).toBeNull();
  });
});
