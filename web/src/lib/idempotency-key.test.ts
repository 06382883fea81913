import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createIdempotencyKeeper, newIdempotencyKey } from './idempotency-key';

function keeperWithCounter() {
  let n = 0;
  return createIdempotencyKeeper(() => `key-${++n}`);
}

describe('idempotency keys', () => {
  it('reuses the key when the same click is retried after the server never answered', () => {
    const keeper = keeperWithCounter();
    const first = keeper.keyFor({ tradeId: 7 });
    keeper.settle(new TypeError('Failed to fetch'));
    expect(keeper.keyFor({ tradeId: 7 })).toBe(first);
    keeper.settle(new ApiError(503, 'Service Unavailable'));
    expect(keeper.keyFor({ tradeId: 7 })).toBe(first);
  });

  it('takes a fresh key after a success or a stored 4xx answer', () => {
    const keeper = keeperWithCounter();
    const first = keeper.keyFor({ tradeId: 7 });
    keeper.settle();
    const second = keeper.keyFor({ tradeId: 7 });
    expect(second).not.toBe(first);
    keeper.settle(new ApiError(409, JSON.stringify({ code: 'TRADE_INVALID_TRANSITION', message: 'Already accepted' })));
    expect(keeper.keyFor({ tradeId: 7 })).not.toBe(second);
  });

  it('never sends one key with different parameters (the server would answer 422)', () => {
    const keeper = keeperWithCounter();
    const first = keeper.keyFor({ tradeId: 7, input: { trackingNumber: 'A' } });
    keeper.settle(new TypeError('Failed to fetch'));
    expect(keeper.keyFor({ tradeId: 7, input: { trackingNumber: 'B' } })).not.toBe(first);
  });

  it('makes v4 UUIDs', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
