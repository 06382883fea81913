import { describe, expect, it } from 'vitest';
import { PROTECTION_HOLD_DEFAULTS, ProtectionHoldPreviewQuerySchema, protectionHoldCents } from './wallet-protection';

describe('protectionHoldCents', () => {
  const config = PROTECTION_HOLD_DEFAULTS;

  it('asks a member with fewer than 3 completed trades for the market value of the pairs they send', () => {
    for (const completedTrades of [0, 1, 2]) expect(protectionHoldCents({ completedTrades, sentValueCents: 24000 }, config)).toBe(24000);
  });

  it('asks nothing of a member with 3 or more completed trades', () => {
    expect(protectionHoldCents({ completedTrades: 3, sentValueCents: 100_000 }, config)).toBe(0);
    expect(protectionHoldCents({ completedTrades: 40, sentValueCents: 100_000 }, config)).toBe(0);
  });

  it('asks nothing when the pairs are worth the threshold or less', () => {
    expect(protectionHoldCents({ completedTrades: 0, sentValueCents: 20000 }, config)).toBe(0);
    expect(protectionHoldCents({ completedTrades: 0, sentValueCents: 20001 }, config)).toBe(20001);
  });

  it('follows its configuration: another count and threshold, or holds turned off with 0', () => {
    expect(protectionHoldCents({ completedTrades: 4, sentValueCents: 6000 }, { completedTradesBelow: 5, minValueCents: 5000 })).toBe(6000);
    expect(protectionHoldCents({ completedTrades: 0, sentValueCents: 900_000 }, { completedTradesBelow: 0, minValueCents: 0 })).toBe(0);
  });
});

describe('the preview query', () => {
  const receiverId = '00000000-0000-4000-8000-000000000001';

  it('reads comma-separated sneaker ids', () => {
    expect(ProtectionHoldPreviewQuerySchema.parse({ receiverId, proposerSneakerIds: '1,22', receiverSneakerIds: '3' })).toEqual({
      receiverId,
      proposerSneakerIds: [1, 22],
      receiverSneakerIds: [3],
    });
  });

  it('refuses anything else', () => {
    for (const ids of ['', '1,,2', 'x', '-1', '99999999999', '0']) {
      expect(ProtectionHoldPreviewQuerySchema.safeParse({ receiverId, proposerSneakerIds: ids, receiverSneakerIds: '3' }).success, ids).toBe(false);
    }
  });
});
