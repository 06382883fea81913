import { describe, expect, it } from 'vitest';
import { allowedReturnActions, decideReturn, isReturnOverdue } from './trade-return.machine';

describe('a pair going back to its owner after a refund', () => {
  it('is shipped back by the member holding it, then received by its owner', () => {
    expect(decideReturn('awaiting_return', ['sender'], 'ship')).toEqual({ ok: true, status: 'returned_shipped', effects: ['recordReturnShipment'] });
    expect(decideReturn('returned_shipped', ['owner'], 'receive')).toEqual({ ok: true, status: 'returned', effects: ['recordReturnReceipt'] });
  });

  it('refuses the other role, a second ship, a receipt before it ships and anything once returned', () => {
    expect(decideReturn('awaiting_return', ['owner'], 'ship')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideReturn('returned_shipped', ['sender'], 'receive')).toMatchObject({ ok: false, reason: 'NOT_YOUR_ROLE' });
    expect(decideReturn('returned_shipped', ['sender'], 'ship')).toMatchObject({ ok: false, reason: 'ALREADY_SHIPPED' });
    expect(decideReturn('awaiting_return', ['owner'], 'receive')).toMatchObject({ ok: false, reason: 'NOT_SHIPPED' });
    expect(decideReturn('returned', ['owner'], 'receive')).toMatchObject({ ok: false, reason: 'ALREADY_RETURNED' });
  });

  it('offers each member exactly what the table allows', () => {
    expect(allowedReturnActions('awaiting_return', ['sender'])).toEqual(['ship']);
    expect(allowedReturnActions('awaiting_return', ['owner'])).toEqual([]);
    expect(allowedReturnActions('returned_shipped', ['owner'])).toEqual(['receive']);
    expect(allowedReturnActions('returned', ['owner'])).toEqual([]);
    expect(allowedReturnActions('awaiting_return', [])).toEqual([]);
  });

  it('is overdue only while it has not shipped after its return-by', () => {
    const returnBy = new Date('2026-01-08T00:00:00Z');
    const after = new Date('2026-01-08T00:00:01Z');
    expect(isReturnOverdue({ status: 'awaiting_return', returnBy }, after)).toBe(true);
    expect(isReturnOverdue({ status: 'awaiting_return', returnBy }, returnBy)).toBe(false);
    expect(isReturnOverdue({ status: 'returned_shipped', returnBy }, after)).toBe(false);
  });
});
