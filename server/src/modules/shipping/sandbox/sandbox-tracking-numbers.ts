import { createHash } from 'node:crypto';
import { detectTracking } from '@soleswap/contracts/tracking-numbers';
import type { Carrier } from '@soleswap/contracts/shipping';

/**
 * The sandbox's tracking numbers: real formats of each carrier with a correct check digit, so the
 * checker every typed number passes (contracts/tracking-numbers.ts) accepts them and names their
 * carrier. The digits come from the purchase's idempotency key (a retry under the same key answers
 * the same number, as a provider's idempotency does) and a salt, which the caller changes in the
 * rare case the number is taken (the unique index on shipping_labels.tracking_number says so).
 */
const FORMATS: Record<Carrier, { prefix: string; digits: number }> = {
  // USPS Priority Mail (IMpb): 9405 5, then digits, then the mod-10 check digit, 22 digits in all.
  usps: { prefix: '94055', digits: 16 },
  // UPS: 1Z, a six-character shipper account (S0L3S0), service 3x, digits, then the check digit, 18 characters in all.
  ups: { prefix: '1ZS0L3S03', digits: 8 },
  // FedEx Express: 12 digits with its check digit.
  fedex: { prefix: '7', digits: 10 },
};

function digitsOf(seed: string, count: number): string {
  const hash = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < count; i++) out += String(hash[i % hash.length]! % 10);
  return out;
}

/** A valid number of the carrier for this key and salt; the check digit is the one the checker accepts. */
export function sandboxTrackingNumber(carrier: Carrier, key: string, salt = 0): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { prefix, digits } = FORMATS[carrier];
    const body = prefix + digitsOf(`${carrier}:${key}:${salt}:${attempt}`, digits);
    for (let check = 0; check < 10; check++) {
      const tracking = detectTracking(`${body}${check}`);
      if (tracking?.carrier === carrier) return tracking.trackingNumber;
    }
  }
  throw new Error(`No valid ${carrier} tracking number could be made for ${key}`);
}
