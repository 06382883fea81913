import { z } from 'zod';

/**
 * Money is a decimal string ("249.90") on the wire and in the database, and integer cents in
 * arithmetic: binary floats never decide a limit or a total (see docs/decisions/006-money-as-numeric-and-cents.md).
 */
const MONEY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** "249.9" → 24990. Integer cents, so no binary float ever decides a limit. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "249.9" → "249.90": the decimal string the database and the API use. */
export function formatMoney(amount: string): string {
  const cents = toCents(amount);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A money amount as a JSON number or a numeric string ("250", "249.99"), up to two decimals. */
export function moneySchema(label: string, requiredMessage: string, maxDollars: number) {
  return z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((value) => (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'invalid') : value.trim()))
    .pipe(
      z
        .string()
        // abort: one clear message per field, not every failing check.
        .min(1, { message: requiredMessage, abort: true })
        .regex(MONEY_PATTERN, { message: `${label} must be an amount in dollars, like 250 or 249.99`, abort: true })
        .refine((v) => toCents(v) > 0, { message: `${label} must be more than $0`, abort: true })
        .refine((v) => toCents(v) <= maxDollars * 100, `${label} can be at most $${maxDollars.toLocaleString('en-US')}`)
        .transform(formatMoney),
    );
}
