import { PARCEL_PRESET_DIMENSIONS, PARCEL_PRESETS, type ShippingConfig } from '@soleswap/contracts/shipping';
import type { Env } from '../../env';
import { sandboxRates } from './sandbox/sandbox-rates';
import { isShippingSandbox } from './shipping-providers';

/**
 * GET /api/shipping/config: what the label panel shows before a member buys: the provider, who pays,
 * whether a typed number is still taken, whether the sandbox's development control answers, and the
 * boxes with the price the sender would pay (the sandbox's flat price; null with EasyPost, which
 * prices each parcel only at purchase).
 */
export function getShippingConfig(env: Env): ShippingConfig {
  const sandbox = isShippingSandbox(env);
  return {
    provider: env.SHIPPING_PROVIDER,
    labelPayer: env.SHIPPING_LABEL_PAYER,
    manualNumbers: env.SHIPPING_MANUAL_NUMBERS,
    developmentControl: sandbox,
    presets: PARCEL_PRESETS.map((preset) => ({
      preset,
      ...PARCEL_PRESET_DIMENSIONS[preset],
      estimateCents: sandbox ? (sandboxRates(preset)[0]?.rateCents ?? null) : null,
    })),
  };
}
