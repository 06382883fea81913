import { normalizeCardNumber } from '@soleswap/contracts/payments';

/**
 * Stripe's test cards as Stripe's own test payment methods (`pm_card_visa`...), so a server on
 * Stripe test keys can authorize the test cards the card form accepts (the sandbox's list,
 * payments/sandbox/test-cards.ts) without the card number ever reaching Stripe or being kept.
 */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '2223003122003222': 'pm_card_mastercard',
  '5200828282828210': 'pm_card_mastercard_debit',
  '5105105105105100': 'pm_card_mastercard_prepaid',
  '378282246310005': 'pm_card_amex',
  '371449635398431': 'pm_card_amex',
  '6011111111111117': 'pm_card_discover',
  '3056930009020004': 'pm_card_diners',
  '36227206271667': 'pm_card_diners',
  '3566002020360505': 'pm_card_jcb',
  '6200000000000005': 'pm_card_unionpay',
  '6205500000000000004': 'pm_card_unionpay',
  '4000000000000002': 'pm_card_visa_chargeDeclined',
  '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
  '4000000000009987': 'pm_card_visa_chargeDeclinedLostCard',
  '4000000000009979': 'pm_card_visa_chargeDeclinedStolenCard',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000008260003178': 'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds',
};

/**
 * The test payment method of a test card. Any other number is declined, as Stripe test mode
 * declines a real card: it becomes Stripe's always-declined test payment method.
 */
export function testPaymentMethodForCard(cardNumber: string): string {
  return TEST_PAYMENT_METHODS[normalizeCardNumber(cardNumber)] ?? 'pm_card_visa_chargeDeclined';
}
