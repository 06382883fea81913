import { CARRIERS, type Carrier, type ParcelPreset } from '@soleswap/contracts/shipping';
import type { ShippingRate } from '../shipping-provider';

/** The service each carrier's sandbox label is bought at. */
export const SANDBOX_SERVICES: Record<Carrier, string> = { usps: 'Priority', ups: 'Ground', fedex: 'Home Delivery' };

/** Flat sandbox prices in cents per box: what the config shows before a sender buys, and what a sandbox label costs. */
const PRICES: Record<ParcelPreset, Record<Carrier, number>> = {
  'one-pair': { usps: 1095, ups: 1350, fedex: 1420 },
  'two-pairs': { usps: 1675, ups: 1890, fedex: 1960 },
  'one-pair-no-box': { usps: 895, ups: 1190, fedex: 1240 },
  'two-pairs-no-box': { usps: 1295, ups: 1540, fedex: 1610 },
};

/** The sandbox's rates for a box, cheapest first. */
export function sandboxRates(preset: ParcelPreset): ShippingRate[] {
  return CARRIERS.map((carrier) => ({
    rateId: null,
    carrier,
    service: SANDBOX_SERVICES[carrier],
    rateCents: PRICES[preset][carrier],
    deliveryDays: carrier === 'usps' ? 3 : 4,
  })).sort((a, b) => a.rateCents - b.rateCents);
}
