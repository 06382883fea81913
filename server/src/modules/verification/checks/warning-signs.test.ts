import { describe, expect, it } from 'vitest';
import { buildInput, type InputOverrides } from '../test-support/build-input';
import { runVerification } from '../verifier';
import { warningSigns, warningSignsCheck } from './warning-signs';

const now = new Date('2025-06-01T12:00:00Z');
const brandNew = { accountCreatedAt: new Date('2025-05-30T12:00:00Z'), completedTrades: 0, reputation: '0.00' };
/** Market $250 (range $210 to $320): a condition 10 pair is "well under" below $189 and under the floor below $175. */
const wellUnderNew = 18_000;
const run = (overrides: InputOverrides) => warningSignsCheck.run(buildInput({ now, ...overrides }));
const listing = (extra: InputOverrides['listing']) => ({ condition: '10', description: 'Original box, receipt.', ...extra });

describe('warningSigns: weak signs combine, one alone does not flag', () => {
  it.each([
    ['a brand-new account', { owner: brandNew, listing: listing({}) }],
    ['a price well under the range for deadstock', { listing: listing({ estimatedValueCents: wellUnderNew }) }],
    ['no box on a pair sold as new', { listing: listing({ description: 'No box, sorry.' }) }],
    ['a size at the end of the run', { listing: listing({ size: '15' }) }],
    ['haste', { listing: listing({ description: 'Quick sale, original box.' }) }],
    ['an ambiguous trade word', { listing: listing({ description: 'God tier colorway, original box.' }) }],
  ] as const)('passes %s alone, and the pair stays authentic', (_, overrides) => {
    expect(run(overrides).passed).toBe(true);
    expect(runVerification(buildInput({ now, ...overrides })).isAuthentic).toBe(true);
  });

  it.each([
    [
      'a new account, a price well under market and a missing box',
      { owner: brandNew, listing: listing({ estimatedValueCents: wellUnderNew, description: 'No box.' }) },
    ],
    [
      'a new account, no receipt and haste on a pair sold as new',
      { owner: brandNew, listing: listing({ description: 'Brand new, original box, no receipt, need gone today.' }) },
    ],
    ['a new account and payment away from the platform', { owner: brandNew, listing: listing({ description: 'Cash only, or WhatsApp me.' }) }],
    [
      'condition 5 picked while the words say deadstock, and a new account',
      { owner: brandNew, listing: { condition: '5', estimatedValueCents: 25_000, description: 'Deadstock, original box.' } },
    ],
    [
      'a new account, a size at the end of the run and "god tier"',
      { owner: brandNew, listing: listing({ size: '15', description: 'God tier pair, original box.' }) },
    ],
  ] as const)('flags %s together', (_, overrides) => {
    const outcome = run(overrides);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toMatch(/points of warning signs together/);
    const result = runVerification(buildInput({ now, ...overrides }));
    expect(result.isAuthentic).toBe(false);
    expect(result.checks.find((c) => c.name === 'warningSigns')).toMatchObject({ passed: false, critical: true });
  });

  it("lets an honest new member's worn pair, priced low for its wear and without its box, pass", () => {
    // Condition 6: range low $126; $110 is within reach of its wear, and worn pairs lose boxes.
    const overrides = {
      owner: brandNew,
      listing: { condition: '6', purchaseDate: '2024-03-01', estimatedValueCents: 11_500, description: 'Worn a lot, no box, soles fine.' },
    };
    expect(warningSigns(buildInput({ now, ...overrides })).map((s) => s.points)).toEqual([1]);
    expect(runVerification(buildInput({ now, ...overrides })).isAuthentic).toBe(true);
  });

  it('names every sign with its points in the evidence', () => {
    const outcome = run({ owner: brandNew, listing: listing({ estimatedValueCents: wellUnderNew, description: 'No box.' }) });
    expect(outcome.evidence.observed).toBe(
      'a new account with no completed trade (1); priced well under the market range for condition 10/10 (1); "no box" on a pair sold as new (1)',
    );
  });
});
