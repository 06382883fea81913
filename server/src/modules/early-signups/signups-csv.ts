import { stringify } from 'csv-stringify/sync';
import { EARLY_SIGNUPS_CSV_COLUMNS, type EarlySignup } from '@soleswap/contracts/early-signups';

export { earlySignupsCsvFileName as signupsCsvFileName } from '@soleswap/contracts/early-signups';

/**
 * The signup list as CSV that any spreadsheet opens safely: every field quoted, a byte-order
 * mark so Excel reads UTF-8 names correctly, CRLF line ends, and a cell starting with = + - @
 * tab or CR prefixed with ' so it is shown as text, never run as a formula.
 */
export function signupsToCsv(rows: EarlySignup[]): string {
  return stringify(
    rows.map((r) => [r.name, r.email, r.signupDate, r.source, r.notified ? 'Yes' : 'No', r.ipAddress ?? '']),
    {
      header: true,
      columns: [...EARLY_SIGNUPS_CSV_COLUMNS],
      quoted: true,
      quoted_empty: true,
      escape_formulas: true,
      bom: true,
      record_delimiter: 'windows',
    },
  );
}
