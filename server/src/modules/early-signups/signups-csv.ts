import type { EarlySignup } from '@soleswap/contracts/early-signups';

const HEADER = ['Name', 'Email', 'Signup Date', 'Source', 'Notified', 'IP Address'];

/**
 * CSV of the signup list. Every field is quoted; a cell starting with = + - @ (or tab/CR) is
 * prefixed with a quote so spreadsheet programs never run it as a formula.
 */
export function signupsToCsv(rows: EarlySignup[]): string {
  const lines = [HEADER, ...rows.map((r) => [r.name, r.email, r.signupDate, r.source, r.notified ? 'Yes' : 'No', r.ipAddress ?? ''])];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string): string {
  const neutralised = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${neutralised.replace(/"/g, '""')}"`;
}

/** soleswap-signups-YYYY-MM-DD.csv */
export function signupsCsvFileName(now: Date): string {
  return `soleswap-signups-${now.toISOString().slice(0, 10)}.csv`;
}
