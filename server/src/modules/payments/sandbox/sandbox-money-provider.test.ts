import { describe, expect, it } from 'vitest';
import { passesLuhn } from '@soleswap/contracts/payments';
import { PaymentProviderError } from '../money-provider';
import { SandboxMoneyProvider } from './sandbox-money-provider';
import { InMemorySandboxPaymentStore } from './sandbox-payment-store';
import { AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, NOT_A_TEST_CARD_MESSAGE, SANDBOX_TEST_CARDS, outcomeForCard } from './test-cards';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const member = { id: 'user-1', email: 'kicksqueen@soleswap.local' };

function setup() {
  const store = new InMemorySandboxPaymentStore();
  let counter = 0;
  const provider = new SandboxMoneyProvider({ store, now: () => NOW, randomToken: () => `t${(counter += 1)}` });
  return { store, provider };
}

async function newPayment(provider: SandboxMoneyProvider) {
  return provider.createMembershipPayment({ member, priceCents: 100, interval: 'month' });
}

const card = (paymentIntentId: string, cardNumber: string) => ({
  paymentIntentId,
  cardNumber,
  expMonth: '12',
  expYear: '2030',
  cvc: cardNumber.replace(/\s/g, '').match(/^3[47]/) ? '1234' : '123',
});

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('test cards', () => {
  it('lists only numbers that pass the card checks, so each one can be typed into the form', () => {
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
  });

  it('answers like Stripe test mode for the well-known numbers', () => {
    expect(outcomeForCard('4242 4242 4242 4242')).toEqual({ kind: 'succeed' });
    expect(outcomeForCard('4000 0000 0000 0002')).toEqual({
      kind: 'decline',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(outcomeForCard('4000 0025 0000 3155')).toEqual({ kind: 'require_action', afterApproval: { kind: 'succeed' } });
  });

  it('declines any other valid number, as test mode never charges a real card', () => {
    // 4111 1111 1111 1111 is Luhn-valid but not one of the sandbox's cards.
    expect(outcomeForCard('4111111111111111')).toEqual({
      kind: 'decline',
      declineCode: 'test_mode_live_card',
      message: NOT_A_TEST_CARD_MESSAGE,
    });
  });
});

describe('SandboxMoneyProvider', () => {
  it('creates a payment awaiting a card, with a client secret tied to its id', async () => {
    const { provider } = setup();
    const created = await newPayment(provider);
    expect(created).toEqual({ paymentIntentId: 'pi_sandbox_t1', clientSecret: 'pi_sandbox_t1_secret_t2' });
    expect(await provider.retrieve(created.paymentIntentId)).toEqual({
      paymentIntentId: 'pi_sandbox_t1',
      status: 'requires_payment_method',
      amountCents: 100,
      currency: 'usd',
      memberId: 'user-1',
      failureMessage: null,
      cardBrand: null,
      cardLast4: null,
    });
    expect(provider.isTestMode).toBe(true);
  });

  it('refuses a price that is not a positive whole number of cents', async () => {
    const { provider } = setup();
    await expect(provider.createMembershipPayment({ member, priceCents: 0, interval: 'month' })).rejects.toThrow(RangeError);
    await expect(provider.createMembershipPayment({ member, priceCents: 1.5, interval: 'month' })).rejects.toThrow(RangeError);
  });

  it('succeeds with 4242 4242 4242 4242 and keeps only the brand and last four digits', async () => {
    const { provider, store } = setup();
    const { paymentIntentId } = await newPayment(provider);
    const paid = await provider.confirmCard(card(paymentIntentId, '4242 4242 4242 4242'));
    expect(paid).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242', failureMessage: null });
    expect(JSON.stringify(await store.get(paymentIntentId))).not.toContain('4242424242424242');
  });

  it("declines 4000 0000 0000 0002 with Stripe's message, and lets the member retry with another card", async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    const declined = await provider.confirmCard(card(paymentIntentId, '4000 0000 0000 0002'));
    expect(declined).toMatchObject({ status: 'failed', failureMessage: DECLINED_MESSAGE, cardLast4: '0002' });
    const retried = await provider.confirmCard(card(paymentIntentId, '5555 5555 5555 4444'));
    expect(retried).toMatchObject({ status: 'succeeded', failureMessage: null, cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it('asks for confirmation with 4000 0025 0000 3155, then pays once the member approves', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    expect(await provider.confirmCard(card(paymentIntentId, '4000 0025 0000 3155'))).toMatchObject({
      status: 'requires_action',
    });
    expect(await provider.approveAction(paymentIntentId)).toMatchObject({ status: 'succeeded' });
    // A second approval (double click) is refused and charges nothing.
    await expect(rejection(provider.approveAction(paymentIntentId))).resolves.toMatchObject({
      code: 'PAYMENT_INVALID_TRANSITION',
    });
    expect(await provider.retrieve(paymentIntentId)).toMatchObject({ status: 'succeeded' });
  });

  it('fails the payment when the member refuses the confirmation step', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    await provider.confirmCard(card(paymentIntentId, '4000 0025 0000 3155'));
    expect(await provider.refuseAction(paymentIntentId)).toMatchObject({
      status: 'failed',
      failureMessage: AUTHENTICATION_FAILED_MESSAGE,
    });
  });

  it('declines after approval for a card with insufficient funds behind its confirmation step', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    await provider.confirmCard(card(paymentIntentId, '4000 0082 6000 3178'));
    expect(await provider.approveAction(paymentIntentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    });
  });

  it('declines a valid card that is not a test card', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    expect(await provider.confirmCard(card(paymentIntentId, '4111 1111 1111 1111'))).toMatchObject({
      status: 'failed',
      failureMessage: NOT_A_TEST_CARD_MESSAGE,
    });
  });

  it('rejects a mistyped card with the field messages, and leaves the payment untouched', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    const error = await rejection(provider.confirmCard({ ...card(paymentIntentId, '4242 4242 4242 4241'), expMonth: '5', expYear: '25' }));
    expect(error.code).toBe('CARD_INVALID');
    expect(error.fields).toEqual({
      cardNumber: 'Your card number is invalid',
      expMonth: 'Your card has expired: check the expiry date or use another card',
    });
    expect(await provider.retrieve(paymentIntentId)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('never charges a paid payment a second time', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    await provider.confirmCard(card(paymentIntentId, '4242424242424242'));
    const error = await rejection(provider.confirmCard(card(paymentIntentId, '4242424242424242')));
    expect(error.code).toBe('PAYMENT_INVALID_TRANSITION');
  });

  it('lets only one of two racing submissions through', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    const results = await Promise.allSettled([
      provider.confirmCard(card(paymentIntentId, '4242424242424242')),
      provider.confirmCard(card(paymentIntentId, '4242424242424242')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it('refunds a paid payment once; refunding again changes nothing', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    await provider.confirmCard(card(paymentIntentId, '4242424242424242'));
    expect(await provider.refund(paymentIntentId)).toMatchObject({ status: 'refunded' });
    expect(await provider.refund(paymentIntentId)).toMatchObject({ status: 'refunded' });
  });

  it('refuses to refund an unpaid payment and to cancel a paid one', async () => {
    const { provider } = setup();
    const unpaid = await newPayment(provider);
    expect((await rejection(provider.refund(unpaid.paymentIntentId))).code).toBe('PAYMENT_INVALID_TRANSITION');
    const paid = await newPayment(provider);
    await provider.confirmCard(card(paid.paymentIntentId, '4242424242424242'));
    expect((await rejection(provider.cancel(paid.paymentIntentId))).code).toBe('PAYMENT_INVALID_TRANSITION');
  });

  it('cancels an open payment, after which it cannot be paid', async () => {
    const { provider } = setup();
    const { paymentIntentId } = await newPayment(provider);
    expect(await provider.cancel(paymentIntentId)).toMatchObject({ status: 'canceled' });
    const error = await rejection(provider.confirmCard(card(paymentIntentId, '4242424242424242')));
    expect(error.code).toBe('PAYMENT_INVALID_TRANSITION');
  });

  it('answers PAYMENT_NOT_FOUND for an unknown id, and takes no webhooks', async () => {
    const { provider } = setup();
    expect((await rejection(provider.retrieve('pi_sandbox_nope'))).code).toBe('PAYMENT_NOT_FOUND');
    expect(() => provider.parseWebhook()).toThrow(PaymentProviderError);
  });
});
