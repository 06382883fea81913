/**
 * Dollars as a member types them → integer cents, the one parser of the web client (every amount
 * field: trade cash, withdrawals). Digits are counted, never multiplied as a float, so "0.29" is 29
 * cents, not 28.999…
 */

/** "25", "25.5", "$1,025.50" (commas only between thousands) → cents; null when it is not an amount. */
export function parseDollarsToCents(text: string, { wholeDollars = false }: { wholeDollars?: boolean } = {}): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  const cents = wholeDollars ? '' : '(\\.\\d{1,2})?';
  if (!new RegExp(`^(\\d+|\\d{1,3}(,\\d{3})+)${cents}$`).test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replaceAll(',', '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
