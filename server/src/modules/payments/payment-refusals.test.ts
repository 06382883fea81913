import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { refusalReasonOf } from '../../machines/machine';
import { decideOrThrow } from './settle-payment';

/** The payment machine's refusals reach the caller like every lifecycle's: their code, their message and the reason kept. */
describe('payment refusals', () => {
  const refusedWith = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('it was allowed');
  };

  it('answers the reason code and keeps the reason on the error', () => {
    const error = refusedWith(() => decideOrThrow({ status: 'succeeded', isRefundEligible: false }, 'refund', 'member'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'REFUND_NOT_ELIGIBLE', message: 'Only your first payment can be refunded, within 30 days of paying' });
    expect(refusalReasonOf(error)).toBe('REFUND_NOT_ELIGIBLE');
  });

  it('answers PAYMENT_INVALID_TRANSITION naming the status, and FORBIDDEN for a sender who may not send the event', () => {
    const wrongStatus = refusedWith(() => decideOrThrow({ status: 'canceled' }, 'confirm', 'member'));
    expect(wrongStatus).toMatchObject({ code: 'PAYMENT_INVALID_TRANSITION', message: 'This payment is cancelled, so you cannot pay it now' });
    expect(refusalReasonOf(wrongStatus)).toBe('PAYMENT_INVALID_TRANSITION');
    const wrongSender = refusedWith(() => decideOrThrow({ status: 'processing' }, 'succeed', 'member'));
    expect(wrongSender).toMatchObject({ code: 'FORBIDDEN' });
    expect(refusalReasonOf(wrongSender)).toBe('PAYMENT_EVENT_NOT_ALLOWED');
  });

  it('lets a replay through as unchanged', () => {
    expect(decideOrThrow({ status: 'succeeded' }, 'succeed', 'webhook')).toEqual({ ok: true, status: 'succeeded', effects: [], changed: false });
  });
});
