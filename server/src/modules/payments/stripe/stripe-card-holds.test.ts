import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../../../test/fake-stripe';
import { moneyCallKey } from '../../wallet/money.machine';
import { SANDBOX_TEST_CARDS } from '../sandbox/test-cards';
import { StripeMoneyProvider, stripeConnections } from './stripe-money-provider';
import { testPaymentMethodForCard } from './test-payment-methods';

const CARD = { cardNumber: '4242424242424242', expMonth: '12', expYear: '2040', cvc: '123' };
const now = () => new Date('2026-11-28T00:00:00Z');

/** The Stripe money provider with its card holds pointed at the stand-in. */
const stripeAt = (secretKey: string, config: FakeStripe['config']) =>
  new StripeMoneyProvider({ ...stripeConnections(secretKey, config), webhookSecret: null, isTestMode: secretKey.startsWith('sk_test_'), now });

describe('card holds on Stripe against a stand-in Stripe', () => {
  let fake: FakeStripe;
  let provider: StripeMoneyProvider;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    provider = stripeAt('sk_test_unit', fake.config);
  });
  afterAll(() => fake.close());

  it('turns every test card the card form knows into a Stripe test payment method, and keeps no number', () => {
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(testPaymentMethodForCard(number)).toMatch(/^pm_card_/);
    expect(provider.paymentMethodFor(CARD)).toBe('pm_card_visa');
    expect(provider.paymentMethodFor({ ...CARD, cardNumber: '4000 0000 0000 9995' })).toBe('pm_card_visa_chargeDeclinedInsufficientFunds');
    // A valid number that is not a test card is declined, as Stripe test mode declines a real card.
    expect(provider.paymentMethodFor({ ...CARD, cardNumber: '4111 1111 1111 1111' })).toBe('pm_card_visa_chargeDeclined');
    expect(() => provider.paymentMethodFor({ ...CARD, cardNumber: '4242 4242 4242 4241' })).toThrow(/card details/);
  });

  it('takes no card number with live keys', async () => {
    const live = stripeAt('sk_live_unit', fake.config);
    expect(() => live.paymentMethodFor(CARD)).toThrow(/live/);
  });

  it('declines a card that asks for 3-D Secure instead of leaving a hold nobody can confirm', async () => {
    const answer = await provider.authorize({ amountCents: 1000, paymentMethod: 'pm_card_authenticationRequired' }, moneyCallKey('authorize', 901));
    expect(answer).toMatchObject({ status: 'declined', failureMessage: expect.stringContaining('authentication') });
    expect(fake.creates().at(-1)!.params.error_on_requires_action).toBe('true');
  });

  it('a capture or release Stripe already did under a key it no longer remembers has nothing left to do', async () => {
    const held = await provider.authorize({ amountCents: 1200, paymentMethod: 'pm_card_visa' }, moneyCallKey('authorize', 902));
    expect(held.status).toBe('authorized');
    await provider.capture(held.providerRef!, moneyCallKey('capture', 902));
    await provider.capture(held.providerRef!, 'a-key-stripe-forgot');
    expect(fake.intents.get(held.providerRef!)!.status).toBe('succeeded');
    // Releasing a captured hold is refused by Stripe, and not taken for done.
    await expect(provider.release(held.providerRef!, moneyCallKey('release', 902))).rejects.toThrow(/status of succeeded/);

    const other = await provider.authorize({ amountCents: 1200, paymentMethod: 'pm_card_visa' }, moneyCallKey('authorize', 903));
    await provider.release(other.providerRef!, moneyCallKey('release', 903));
    await provider.release(other.providerRef!, 'another-forgotten-key');
    expect(fake.intents.get(other.providerRef!)!.status).toBe('canceled');
  });

  it('throws when Stripe is down, for the caller to answer 502 and retry under the same key', async () => {
    fake.failNext(1);
    await expect(provider.authorize({ amountCents: 1500, paymentMethod: 'pm_card_visa' }, moneyCallKey('authorize', 904))).rejects.toThrow();
    const retried = await provider.authorize({ amountCents: 1500, paymentMethod: 'pm_card_visa' }, moneyCallKey('authorize', 904));
    expect(retried.status).toBe('authorized');
    const again = await provider.authorize({ amountCents: 1500, paymentMethod: 'pm_card_visa' }, moneyCallKey('authorize', 904));
    expect(again.providerRef).toBe(retried.providerRef);
    expect(fake.creates().filter((r) => r.idempotencyKey === moneyCallKey('authorize', 904))).toHaveLength(1);
  });
});
