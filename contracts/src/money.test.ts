import { describe, expect, it } from 'vitest';
import { formatMoney, moneySchema, toCents } from './money';

describe('money', () => {
  it('converts decimal strings to integer cents without float drift', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('249.9')).toBe(24990);
    expect(toCents('19.99') + toCents('0.01')).toBe(2000);
    expect(formatMoney('249.9')).toBe('249.90');
    expect(formatMoney('7')).toBe('7.00');
  });

  it('accepts numbers and numeric strings up to two decimals within the limit', () => {
    const schema = moneySchema('Price', 'Price is required', 1000);
    expect(schema.parse(250)).toBe('250.00');
    expect(schema.parse(' 99.5 ')).toBe('99.50');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Price is required');
    expect(schema.safeParse('1.234').error?.issues[0]?.message).toMatch(/like 250 or 249.99/);
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('Price must be more than $0');
    expect(schema.safeParse('1000.01').error?.issues[0]?.message).toBe('Price can be at most $1,000');
  });
});
