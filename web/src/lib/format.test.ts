import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd, formatUtcDate, formatWholeUsd } from './format';

// The helpers write en-US by hand (no Intl on a first page); Intl is the reference they must match.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, roundingMode: 'trunc' });
const UTC_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const amounts = [0, 0.004, 0.005, 0.125, 1, 9.99, 10, 99.995, 250, 999.5, 1000, 1234.5, 12345.675, 999999.999, 1234567.89, 73_000_000];

describe('formatUsd', () => {
  it('writes dollars and cents as Intl does, negative amounts too', () => {
    for (const amount of [...amounts, ...amounts.slice(1).map((a) => -a)]) {
      expect(formatUsd(amount), String(amount)).toBe(USD.format(amount));
    }
  });

  it('reads the API decimal strings', () => {
    expect(formatUsd('250.00')).toBe('$250.00');
    expect(formatUsd('1234567.5')).toBe('$1,234,567.50');
  });

  it('shows a dash for what is not a number', () => {
    for (const nothing of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatUsd(nothing)).toBe('—');
  });
});

describe('formatWholeUsd', () => {
  it('rounds to whole dollars as Intl does', () => {
    for (const amount of [...amounts, 0.5, 2.5, ...amounts.slice(1).map((a) => -a)]) {
      expect(formatWholeUsd(amount), String(amount)).toBe(WHOLE_USD.format(amount));
    }
  });
});

describe('formatCount', () => {
  it('groups digits by three as Intl does', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 1_000_000, 987_654_321, -4321, 12.9]) {
      expect(formatCount(count), String(count)).toBe(COUNT.format(count));
    }
  });
});

describe('formatUtcDate', () => {
  it('writes the month, day and year as Intl does, in UTC', () => {
    for (const iso of ['2024-01-01T00:00:00Z', '2024-09-09T23:59:59Z', '2026-11-27T12:00:00Z', '1999-12-31T00:00:00Z', '2025-05-05T00:00:00Z']) {
      expect(formatUtcDate(new Date(iso)), iso).toBe(UTC_DATE.format(new Date(iso)));
    }
  });
});
