import { describe, expect, it } from 'vitest';
import { untradeableSneakers, whyNotTradeable, type TradeableSneaker } from './tradeable-sneaker';

const PROPOSED_AT = new Date('2025-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(PROPOSED_AT.getTime() + ms);
const trade = { id: 7, createdAt: PROPOSED_AT };

function sneaker(overrides: Partial<TradeableSneaker> = {}): TradeableSneaker {
  return { userId: 'alice', isAvailableForTrade: true, listingChangedAt: PROPOSED_AT, ...overrides };
}

describe('whyNotTradeable', () => {
  const free = { ownerId: 'alice', lockedByTradeId: undefined };

  it('accepts a sneaker its side owns, shows and nobody holds', () => {
    expect(whyNotTradeable(sneaker(), free)).toBeNull();
    expect(whyNotTradeable(sneaker(), { ...free, trade })).toBeNull();
  });

  it('refuses a removed, foreign or hidden sneaker', () => {
    expect(whyNotTradeable(undefined, free)).toBe('REMOVED');
    expect(whyNotTradeable(sneaker({ userId: 'bob' }), free)).toBe('NOT_OWNED');
    expect(whyNotTradeable(sneaker({ isAvailableForTrade: false }), free)).toBe('HIDDEN');
  });

  it('refuses a sneaker another trade holds in escrow, but not one this trade holds', () => {
    expect(whyNotTradeable(sneaker(), { ...free, lockedByTradeId: 3 })).toBe('LOCKED_ELSEWHERE');
    expect(whyNotTradeable(sneaker(), { ...free, lockedByTradeId: 3, trade })).toBe('LOCKED_ELSEWHERE');
    expect(whyNotTradeable(sneaker(), { ...free, lockedByTradeId: trade.id, trade })).toBeNull();
  });

  it('refuses a listing changed after the proposal, allowing a second of clock slack', () => {
    expect(whyNotTradeable(sneaker({ listingChangedAt: later(5_000) }), { ...free, trade })).toBe('CHANGED_SINCE_PROPOSAL');
    expect(whyNotTradeable(sneaker({ listingChangedAt: later(900) }), { ...free, trade })).toBeNull();
    // While only being proposed there is nothing to compare with.
    expect(whyNotTradeable(sneaker({ listingChangedAt: later(5_000) }), free)).toBeNull();
  });

  it('names the most basic problem first', () => {
    expect(whyNotTradeable(sneaker({ userId: 'bob', isAvailableForTrade: false }), { ...free, lockedByTradeId: 3 })).toBe('NOT_OWNED');
    expect(whyNotTradeable(sneaker({ isAvailableForTrade: false }), { ...free, lockedByTradeId: 3 })).toBe('HIDDEN');
  });
});

describe('untradeableSneakers', () => {
  const sides = { proposerId: 'alice', receiverId: 'bob', proposerSneakerIds: [1, 2], receiverSneakerIds: [3] };

  it('lists each problem with its side, proposer first', () => {
    const facts = {
      sneakers: new Map([
        [1, sneaker()],
        [3, sneaker({ userId: 'bob', isAvailableForTrade: false })],
      ]),
      lockedBy: new Map([[1, 9]]),
    };
    expect(untradeableSneakers(sides, facts).map(({ id, side, reason }) => ({ id, side, reason }))).toEqual([
      { id: 1, side: 'proposer', reason: 'LOCKED_ELSEWHERE' },
      { id: 2, side: 'proposer', reason: 'REMOVED' },
      { id: 3, side: 'receiver', reason: 'HIDDEN' },
    ]);
  });

  it('is empty when every sneaker can go into the trade', () => {
    const facts = {
      sneakers: new Map([
        [1, sneaker()],
        [2, sneaker()],
        [3, sneaker({ userId: 'bob' })],
      ]),
      lockedBy: new Map([[2, trade.id]]),
    };
    expect(untradeableSneakers(sides, facts, trade)).toEqual([]);
  });
});
