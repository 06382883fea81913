import { describe, expect, it } from 'vitest';
import { csvCell, signupsCsvFileName, signupsToCsv } from './signups-csv';

describe('signups CSV', () => {
  it('quotes every cell and neutralises formula-looking cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@cmd')).toBe(`"'@cmd"`);
    expect(csvCell('Ada, "the" Lovelace')).toBe('"Ada, ""the"" Lovelace"');
  });

  it('writes the header and one row per signup', () => {
    const csv = signupsToCsv([
      { id: 1, name: 'Ada', email: 'ada@example.com', signupDate: '2026-11-01T10:00:00.000Z', source: 'coming_soon_page', notified: false, ipAddress: null, userAgent: null },
    ]);
    expect(csv.split('\r\n')[0]).toBe('"Name","Email","Signup Date","Source","Notified","IP Address"');
    expect(csv.split('\r\n')[1]).toBe('"Ada","ada@example.com","2026-11-01T10:00:00.000Z","coming_soon_page","No",""');
  });

  it('names the file soleswap-signups-DATE.csv', () => {
    expect(signupsCsvFileName(new Date('2026-11-21T12:00:00Z'))).toBe('soleswap-signups-2026-11-21.csv');
  });
});
