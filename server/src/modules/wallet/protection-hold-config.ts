import type { ProtectionHoldConfig } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { isStripeConfigured } from '../payments/payment-providers';

/**
 * The protection-hold rule's settings from the environment (PROTECTION_HOLD_COMPLETED_TRADES,
 * PROTECTION_HOLD_MIN_VALUE_CENTS); null when no hold is taken on this server: holds turned off, or
 * live Stripe keys, with which the server takes no card number (payments/stripe/stripe-card-holds.ts), so a member
 * owing a hold could never propose. The sandbox and Stripe's test keys take holds like cash.
 */
export function protectionHoldConfig(ctx: AppContext): ProtectionHoldConfig | null {
  if (ctx.env.PROTECTION_HOLD_COMPLETED_TRADES === 0) return null;
  if (isStripeConfigured(ctx.env) && !ctx.env.STRIPE_SECRET_KEY!.startsWith('sk_test_')) return null;
  return { completedTradesBelow: ctx.env.PROTECTION_HOLD_COMPLETED_TRADES, minValueCents: ctx.env.PROTECTION_HOLD_MIN_VALUE_CENTS };
}
