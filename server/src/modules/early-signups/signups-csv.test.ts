import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { EarlySignup } from '@soleswap/contracts/early-signups';
import { signupsCsvFileName, signupsToCsv } from './signups-csv';

const signup = (over: Partial<EarlySignup>): EarlySignup => ({
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  signupDate: '2026-11-01T10:00:00.000Z',
  source: 'coming_soon_page',
  notified: false,
  ipAddress: null,
  userAgent: null,
  ...over,
});

/** What a spreadsheet would read: the BOM-stripped records. */
const readBack = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('signups CSV', () => {
  it('starts with a UTF-8 byte-order mark and the header, every field quoted, CRLF line ends', () => {
    const csv = signupsToCsv([signup({ notified: true, ipAddress: '203.0.113.5' })]);
    expect(csv.startsWith('\uFEFF"Name","Email","Signup Date","Source","Notified","IP Address"\r\n')).toBe(true);
    expect(csv).toContain('"Ada","ada@example.com","2026-11-01T10:00:00.000Z","coming_soon_page","Yes","203.0.113.5"\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const names = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const rows = readBack(signupsToCsv(names.map((name, i) => signup({ id: i + 1, name }))));
    expect(rows.slice(1).map((r) => r[0])).toEqual(names.map((n) => `'${n}`));
  });

  it('keeps commas, quotes, newlines and non-ASCII names intact through a CSV parser', () => {
    const names = ['Lovelace, Ada', 'Ada "the Countess"', 'two\nlines', 'Zoë Ñúñez 李小龍 🚀', ''];
    const rows = readBack(signupsToCsv(names.map((name, i) => signup({ id: i + 1, name, email: `p${i}@example.com` }))));
    expect(rows[0]).toEqual(['Name', 'Email', 'Signup Date', 'Source', 'Notified', 'IP Address']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(names);
    expect(rows.slice(1).map((r) => r[1])).toEqual(names.map((_, i) => `p${i}@example.com`));
    expect(rows.slice(1).every((r) => r.length === 6)).toBe(true);
  });

  it('names the file soleswap-signups-DATE.csv', () => {
    expect(signupsCsvFileName(new Date('2026-11-21T12:00:00Z'))).toBe('soleswap-signups-2026-11-21.csv');
  });
});
