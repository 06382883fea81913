import { z } from 'zod';
import { formatMoney, toCents } from './money-values';

/**
 * Money is a decimal string ("249.90") on the wire and in the database, and integer cents in
 * arithmetic: binary floats never decide a limit or a total (see docs/decisions/006-money-as-numeric-and-cents.md).
 */
const MONEY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** toCents and formatMoney live in money-values.ts. */
export * from './money-values';

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
