import { describe, expect, it } from 'vitest';
import type { ValuedPair } from './pair-value';
import { readFairValue } from './wallet-fair-value';

const market = (marketPrice: string, condition = '10'): ValuedPair => ({ condition, estimatedValue: '1.00', marketPrice });
const estimate = (estimatedValue: string, condition = '8'): ValuedPair => ({ condition, estimatedValue, marketPrice: null });

describe('readFairValue', () => {
  it('is even, with no cash to suggest and no warning, when both sides are worth the same', () => {
    const reading = readFairValue({ mine: [market('300.00')], theirs: [estimate('300.00')] });
    expect(reading.gapCents).toBe(0);
    expect(reading.balancingCash).toBeNull();
    expect(reading.lopsidedSide).toBeNull();
    expect(reading.give.source).toBe('market');
    expect(reading.get.source).toBe('estimate');
  });

  it('names who should add how many whole dollars to even the pairs', () => {
    const reading = readFairValue({ mine: [estimate('200.00')], theirs: [estimate('260.40')] });
    expect(reading.gapCents).toBe(6040);
    expect(reading.balancingCash).toEqual({ payer: 'me', cents: 6000, isAboveCap: false });
    expect(readFairValue({ mine: [estimate('260.40')], theirs: [estimate('200.00')] }).balancingCash?.payer).toBe('them');
  });

  it('counts the cash already added, so the gap closes as cash is added', () => {
    const reading = readFairValue({ mine: [estimate('200.00')], theirs: [estimate('300.00')], myCashCents: 10000 });
    expect(reading.give.totalCents).toBe(30000);
    expect(reading.gapCents).toBe(0);
    expect(reading.lopsidedSide).toBeNull();
  });

  it('warns when a side gives up more than 25% of what it puts in, and not at exactly 25%', () => {
    expect(readFairValue({ mine: [estimate('400.00')], theirs: [estimate('300.00')] }).lopsidedSide).toBeNull();
    const mine = readFairValue({ mine: [estimate('400.00')], theirs: [estimate('299.00')] });
    expect(mine.lopsidedSide).toBe('me');
    expect(mine.lopsidedShare).toBeCloseTo(0.2525);
    expect(readFairValue({ mine: [estimate('100.00')], theirs: [estimate('300.00')] }).lopsidedSide).toBe('them');
  });

  it('says so when the cash that would even the pairs is above the cap', () => {
    const reading = readFairValue({ mine: [estimate('100.00')], theirs: [market('900.00'), estimate('100.00')] });
    expect(reading.balancingCash).toEqual({ payer: 'me', cents: 90000, isAboveCap: true });
    expect(reading.get.source).toBe('mixed');
  });

  it('reads a side without pairs as worth nothing', () => {
    const reading = readFairValue({ mine: [], theirs: [estimate('50.00')] });
    expect(reading.give.source).toBe('none');
    expect(reading.lopsidedSide).toBe('them');
  });
});
