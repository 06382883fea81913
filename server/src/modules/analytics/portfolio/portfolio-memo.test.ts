import { describe, expect, it } from 'vitest';
import type { PortfolioAnalytics } from '@soleswap/contracts/analytics';
import { PortfolioMemo } from './portfolio-memo';

const AT = new Date('2025-06-30T12:00:00.000Z');
const figures = (totalItems: number): PortfolioAnalytics => ({ state: 'empty', period: '7d', asOf: '2025-06-01T00:00:00.000Z', totalItems });
const stamp = (locker: string) => ({
  membership: { isPremiumMember: true, membershipPaidAt: null, membershipPeriodEnd: null, membershipCanceledAt: null, membershipEndedAt: null },
  locker,
  latestSnapshotId: 7,
  snapshotsBeingWritten: false,
});

describe('PortfolioMemo', () => {
  it('answers with the asking time as asOf, and nothing to a clock earlier than the figures', () => {
    const memo = new PortfolioMemo();
    const key = PortfolioMemo.key('u', '7d', stamp('l'), AT);
    memo.set(key, figures(3), AT);
    expect(memo.get(key, new Date(AT.getTime() + 1000))).toEqual({ ...figures(3), asOf: '2025-06-30T12:00:01.000Z' });
    expect(memo.get(key, new Date(AT.getTime() - 1000))).toBeUndefined();
  });

  it('keys the figures by member, period, day, locker and newest snapshot', () => {
    const keys = new Set([
      PortfolioMemo.key('u', '7d', stamp('l'), AT),
      PortfolioMemo.key('v', '7d', stamp('l'), AT),
      PortfolioMemo.key('u', '30d', stamp('l'), AT),
      PortfolioMemo.key('u', '7d', stamp('l2'), AT),
      PortfolioMemo.key('u', '7d', { ...stamp('l'), latestSnapshotId: 8 }, AT),
      PortfolioMemo.key('u', '7d', stamp('l'), new Date('2025-07-01T00:00:00.000Z')),
    ]);
    expect(keys.size).toBe(6);
  });

  it('drops the least recently used figures beyond its number of pairs', () => {
    const memo = new PortfolioMemo(10);
    memo.set('a', figures(4), AT);
    memo.set('b', figures(4), AT);
    expect(memo.get('a', AT)).toBeDefined();
    memo.set('c', figures(4), AT);
    expect(memo.get('b', AT)).toBeUndefined();
    expect(memo.get('a', AT)).toBeDefined();
    expect(memo.get('c', AT)).toBeDefined();
    memo.set('huge', figures(50), AT);
    expect(memo.get('huge', AT)).toBeUndefined();
    expect(memo.size).toBe(2);
  });
});
