import { describe, expect, it } from 'vitest';
import { EMPTY_CASH_FORM, cashCentsOf, cashDollarsProblem, cashErrorsFromServer, cashRequest, type CashFormValues } from './trade-cash-form';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const form = (overrides: Partial<CashFormValues>): CashFormValues => ({ ...EMPTY_CASH_FORM, ...overrides });

describe('the cash part of a proposal', () => {
  it('sends no cash on either side by default', () => {
    expect(cashRequest(EMPTY_CASH_FORM)).toEqual({ body: { proposerCashCents: 0, receiverCashCents: 0 }, errors: null });
  });

  it('sends cash the member adds from their side with their card, never on both sides', () => {
    expect(cashRequest(form({ direction: 'give', dollars: '40', card: GOOD_CARD }))).toEqual({
      body: {
        proposerCashCents: 4000,
        receiverCashCents: 0,
        cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '40', cvc: '123' },
      },
      errors: null,
    });
  });

  it('asks cash from the other side without a card (theirs is asked at acceptance)', () => {
    expect(cashRequest(form({ direction: 'ask', dollars: '$25', card: { cardNumber: 'x', expiry: '', cvc: '' } }))).toEqual({
      body: { proposerCashCents: 0, receiverCashCents: 2500 },
      errors: null,
    });
  });

  it('refuses an empty amount, cents, zero and anything above the $500 cap with a message', () => {
    expect(cashDollarsProblem('')).toBe('Enter the cash in whole dollars, like 25');
    expect(cashDollarsProblem('12.50')).toBe('Cash is added in whole dollars, like 25 (no cents)');
    expect(cashDollarsProblem('-5')).toBe('Cash is added in whole dollars, like 25 (no cents)');
    expect(cashDollarsProblem('0')).toBe('Cash must be at least $1');
    expect(cashDollarsProblem('501')).toBe('Cash can be at most $500');
    expect(cashDollarsProblem('500')).toBeNull();
    expect(cashRequest(form({ direction: 'ask', dollars: '501' }))).toEqual({ body: null, errors: { dollars: 'Cash can be at most $500' } });
  });

  it('names what is wrong with the card when the member adds cash', () => {
    const result = cashRequest(form({ direction: 'give', dollars: '40', card: { cardNumber: '4242 4242 4242 4241', expiry: '13/40', cvc: '' } }));
    expect(result.body).toBeNull();
    expect(result.errors).toEqual({
      cardNumber: 'Your card number is invalid',
      expiry: 'The expiry month must be between 1 and 12',
      cvc: 'Enter the security code (CVC) from your card',
    });
  });

  it('feeds the meter only a valid amount', () => {
    expect(cashCentsOf({ direction: 'give', dollars: '30' })).toBe(3000);
    expect(cashCentsOf({ direction: 'give', dollars: '3.5' })).toBe(0);
    expect(cashCentsOf({ direction: 'none', dollars: '30' })).toBe(0);
  });

  it("places the server's cash field errors on the cash fields", () => {
    expect(cashErrorsFromServer({ receiverCashCents: 'Cash goes on one side only', 'cashCard.cvc': 'Bad CVC' })).toEqual({
      dollars: 'Cash goes on one side only',
      cvc: 'Bad CVC',
    });
    expect(cashErrorsFromServer({ proposerSneakerIds: 'x' })).toBeNull();
  });
});

describe('the card of a proposer who owes a protection hold', () => {
  it('asks for the card whatever the cash, and sends it with no cash or cash asked', () => {
    expect(cashRequest(EMPTY_CASH_FORM, { ownHoldCents: 24_000 })).toEqual({
      body: null,
      errors: { cardNumber: 'Enter your card number', expiry: expect.any(String), cvc: 'Enter the security code (CVC) from your card' },
    });
    const card = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '40', cvc: '123' };
    expect(cashRequest(form({ card: GOOD_CARD }), { ownHoldCents: 24_000 })).toEqual({
      body: { proposerCashCents: 0, receiverCashCents: 0, cashCard: card },
      errors: null,
    });
    expect(cashRequest(form({ direction: 'ask', dollars: '25', card: GOOD_CARD }), { ownHoldCents: 24_000 })).toEqual({
      body: { proposerCashCents: 0, receiverCashCents: 2500, cashCard: card },
      errors: null,
    });
  });

  it('sends no card when only the other side owes a hold', () => {
    expect(cashRequest(form({ card: GOOD_CARD }), { ownHoldCents: 0 })).toEqual({
      body: { proposerCashCents: 0, receiverCashCents: 0 },
      errors: null,
    });
  });
});
