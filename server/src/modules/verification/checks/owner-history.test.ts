import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { ownerHistoryCheck } from './owner-history';

const now = new Date('2025-06-01T12:00:00Z');
const owner = (days: number, completedTrades: number, reputation: string) =>
  ownerHistoryCheck.run(buildInput({ now, owner: { accountCreatedAt: new Date(now.getTime() - days * 86_400_000), completedTrades, reputation } }));

describe('ownerHistory', () => {
  it('passes an established account or one with a completed trade', () => {
    expect(owner(400, 0, '0.00').passed).toBe(true);
    expect(owner(3, 1, '5.00').passed).toBe(true);
    expect(owner(400, 12, '4.80').evidence.observed).toBe('account 400 days old, 12 completed trades, reputation 4.80');
  });

  it('fails a brand-new account with no trades', () => {
    const outcome = owner(2, 0, '0.00');
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.observed).toBe('account 2 days old, 0 completed trades, reputation unrated');
  });

  it('fails a poorly rated owner however old the account', () => {
    expect(owner(900, 30, '1.90').evidence.summary).toBe('Other members rated past trades poorly.');
  });
});
