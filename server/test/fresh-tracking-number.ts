import { randomInt } from 'node:crypto';
import { detectTracking, type Carrier } from '@soleswap/contracts/tracking-numbers';

/** Each carrier's number around a serial, before its check digit. */
const BASES: Record<Carrier, (serial: string) => string> = {
  ups: (serial) => `1Z5S0S03${serial.padStart(9, '0')}`,
  usps: (serial) => `9400111202${serial.padStart(11, '0')}`,
  fedex: (serial) => `98${serial.padStart(9, '0')}`,
};

// From a random start, so processes shipping on one database (the soak's) do not give the same numbers.
let serial = randomInt(100_000_000);

/**
 * A valid number of the carrier (UPS by default) that no earlier call in this process gave: a
 * tracking number is on one parcel that has not arrived at a time
 * (docs/rules/trades.md#tracking-numbers), so each parcel a test or the soak ships gets its own.
 * The check digit is the one the checker accepts; a serial no digit completes is skipped.
 */
export function freshTrackingNumber(carrier: Carrier = 'ups'): string {
  for (;;) {
    const base = BASES[carrier](String(++serial));
    const valid = [...'0123456789'].map((digit) => base + digit).find((n) => detectTracking(n)?.carrier === carrier);
    if (valid) return valid;
  }
}
