/**
 * Money arithmetic without the schema library, for the web's first pages; money.ts re-exports
 * it. Money is a decimal string ("249.90") on the wire and integer cents in arithmetic (see
 * docs/decisions/006-money-as-numeric-and-cents.md).
 */

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
