import { describe, expect, it } from 'vitest';
import { returnsOwed } from './returns-owed';

const at = new Date('2026-01-01T00:00:00Z');
const trade = {
  proposerId: 'ann',
  receiverId: 'ben',
  proposerSneakerIds: [1],
  receiverSneakerIds: [2],
  proposerShippedAt: null as Date | null,
  receiverShippedAt: null as Date | null,
  viaAuthentication: false,
};

describe('the pairs a ruling sends back', () => {
  it('sends each shipped pair back to its owner from the other side after a refund', () => {
    expect(returnsOwed({ ...trade, proposerShippedAt: at }, 'cancelled')).toEqual([
      { ownerSide: 'proposer', ownerId: 'ann', senderId: 'ben', sneakerIds: [1] },
    ]);
    expect(returnsOwed({ ...trade, proposerShippedAt: at, receiverShippedAt: at }, 'cancelled')).toEqual([
      { ownerSide: 'proposer', ownerId: 'ann', senderId: 'ben', sneakerIds: [1] },
      { ownerSide: 'receiver', ownerId: 'ben', senderId: 'ann', sneakerIds: [2] },
    ]);
  });

  it('returns nothing when no parcel moved, when the swap stands, or via the authentication centre', () => {
    expect(returnsOwed(trade, 'cancelled')).toEqual([]);
    expect(returnsOwed({ ...trade, proposerShippedAt: at, receiverShippedAt: at }, 'completed')).toEqual([]);
    expect(returnsOwed({ ...trade, proposerShippedAt: at, viaAuthentication: true }, 'cancelled')).toEqual([]);
  });
});
