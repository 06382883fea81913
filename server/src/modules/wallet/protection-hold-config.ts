import type { ProtectionHoldConfig } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { isStripeConfigured } from '../payments/payment-providers';

/**
 * The protection-hold rule's settings from the environment (PROTECTION_HOLD_COMPLETED_TRADES,
 * PROTECTION_HOLD_MIN_VALUE_CENTS); null when no hold is taken on this server: holds turned off, or
 * Stripe configured, whose manual-capture calls are not built (cash-provider.ts refuses it too).
 */
export function protectionHoldConfig(ctx: AppContext): ProtectionHoldConfig | null {
  if (ctx.env.PROTECTION_HOLD_COMPLETED_TRADES === 0 || isStripeConfigured(ctx.env)) return null;
  return { completedTradesBelow: ctx.env.PROTECTION_HOLD_COMPLETED_TRADES, minValueCents: ctx.env.PROTECTION_HOLD_MIN_VALUE_CENTS };
}
