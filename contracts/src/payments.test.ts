import { describe, expect, it } from 'vitest';
import { cardBrandOf, cardNumberProblem, formatMembershipPrice, isCardExpired, makeCardPaymentSchema, passesLuhn } from './payments';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const schema = makeCardPaymentSchema(() => NOW);

const valid = {
  paymentIntentId: 'pi_sandbox_123',
  cardNumber: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: '27',
  cvc: '123',
};

function fieldErrors(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('formatMembershipPrice', () => {
  it.each([
    [100, 'month', '$1/month'],
    [1200, 'year', '$12/year'],
    [150, 'month', '$1.50/month'],
    [105, 'month', '$1.05/month'],
    [99, 'month', '$0.99/month'],
    [120000, 'year', '$1,200/year'],
    [500, 'month', '$5/month'],
  ] as const)('%i cents per %s is %s', (cents, interval, text) => {
    expect(formatMembershipPrice(cents, interval)).toBe(text);
  });

  it('refuses a price that is not whole, non-negative cents', () => {
    expect(() => formatMembershipPrice(1.5, 'month')).toThrow(RangeError);
    expect(() => formatMembershipPrice(-100, 'month')).toThrow(RangeError);
  });
});

describe('card number rules', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
    // 79927398713 is the textbook Luhn example: 3 makes the sum 70.
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it.each([
    ['', 'Enter your card number'],
    ['   ', 'Enter your card number'],
    ['4242-4242-4242-4242', 'Your card number can only contain digits'],
    ['4242 4242 abcd 4242', 'Your card number can only contain digits'],
    ['424242424242', 'Your card number is incomplete'], // 12 digits
    ['42424242424242424242', 'Your card number is too long'], // 20 digits
    ['4242 4242 4242 4241', 'Your card number is invalid'],
  ])('%j: %s', (input, message) => {
    expect(cardNumberProblem(input)).toBe(message);
  });

  it('accepts 13 to 19 digits with spaces anywhere', () => {
    expect(cardNumberProblem('4222222222222')).toBeNull(); // 13-digit Visa
    expect(cardNumberProblem(' 4242 4242 4242 4242 ')).toBeNull();
    expect(cardNumberProblem('6205 5000 0000 0000 004')).toBeNull(); // 19-digit UnionPay test card
  });

  it('names the network from the leading digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('3056930009020004')).toBe('diners');
    expect(cardBrandOf('3566002020360505')).toBe('jcb');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });
});

describe('isCardExpired', () => {
  it('treats a card as valid through the last day of its expiry month', () => {
    expect(isCardExpired(6, 2025, NOW)).toBe(false);
    expect(isCardExpired(6, 25, NOW)).toBe(false);
    expect(isCardExpired(5, 2025, NOW)).toBe(true);
    expect(isCardExpired(12, 2024, NOW)).toBe(true);
    expect(isCardExpired(1, 2026, NOW)).toBe(false);
    // The first instant of July (UTC) is past a June card.
    expect(isCardExpired(6, 2025, new Date('2025-07-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('CardPaymentSchema', () => {
  it('accepts a test card typed with spaces and normalizes it', () => {
    expect(schema.parse(valid)).toEqual({
      paymentIntentId: 'pi_sandbox_123',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2027,
      cvc: '123',
    });
  });

  it('accepts JSON numbers and 4-digit years', () => {
    expect(schema.parse({ ...valid, expMonth: 6, expYear: 2025 })).toMatchObject({ expMonth: 6, expYear: 2025 });
  });

  it('names every missing field in words a member understands', () => {
    expect(fieldErrors({})).toEqual({
      paymentIntentId: 'This payment is missing its reference. Reload the page and try again.',
      cardNumber: 'Enter your card number',
      expMonth: 'Enter the expiry month',
      expYear: 'Enter the expiry year',
      cvc: 'Enter the security code (CVC) from your card',
    });
    expect(fieldErrors({ ...valid, cardNumber: '', expMonth: ' ', expYear: '', cvc: '' })).toEqual({
      cardNumber: 'Enter your card number',
      expMonth: 'Enter the expiry month',
      expYear: 'Enter the expiry year',
      cvc: 'Enter the security code (CVC) from your card',
    });
  });

  it('refuses impossible months and years', () => {
    expect(fieldErrors({ ...valid, expMonth: '13' })).toEqual({ expMonth: 'The expiry month must be between 1 and 12' });
    expect(fieldErrors({ ...valid, expMonth: '0' })).toEqual({ expMonth: 'The expiry month must be between 1 and 12' });
    expect(fieldErrors({ ...valid, expMonth: 1.5 })).toEqual({ expMonth: 'The expiry month must be between 1 and 12' });
    expect(fieldErrors({ ...valid, expYear: '202' })).toEqual({
      expYear: 'Enter the expiry year as 2 or 4 digits, like 27 or 2027',
    });
  });

  it('refuses an expired card, pointing at the part to change', () => {
    const expired = 'Your card has expired: check the expiry date or use another card';
    expect(fieldErrors({ ...valid, expMonth: '5', expYear: '2025' })).toEqual({ expMonth: expired });
    expect(fieldErrors({ ...valid, expMonth: '12', expYear: '24' })).toEqual({ expYear: expired });
    expect(fieldErrors({ ...valid, expMonth: '6', expYear: '25' })).toEqual({});
  });

  it('asks for 3 digits on most cards and 4 on an Amex', () => {
    expect(fieldErrors({ ...valid, cvc: '12' })).toEqual({
      cvc: 'The security code is the 3 or 4 digits printed on your card',
    });
    expect(fieldErrors({ ...valid, cvc: '1234' })).toEqual({
      cvc: 'The security code is the 3 digits on the back of your card',
    });
    const amex = { ...valid, cardNumber: '3782 822463 10005' };
    expect(fieldErrors({ ...amex, cvc: '123' })).toEqual({ cvc: 'This card has a 4-digit security code on its front' });
    expect(fieldErrors({ ...amex, cvc: '1234' })).toEqual({});
  });

  it('refuses unknown fields, so a typo in the form is not silently dropped', () => {
    expect(schema.safeParse({ ...valid, cardholder: 'A' }).success).toBe(false);
  });
});
