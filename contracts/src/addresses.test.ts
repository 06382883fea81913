import { describe, expect, it } from 'vitest';
import { AddressInputSchema } from './addresses';

const US = { name: 'Ann Archer', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94103', country: 'US' };

function fields(input: unknown): Record<string, string> {
  const result = AddressInputSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

/** Text that draws nothing: zero-width space, joiners, word joiner, BOM inside, Hangul filler, soft hyphen. */
const INVISIBLE = ['\u200b', '\u200b\u200c\u200d', '\u2060\u2060', '\u200b\ufeff\u200b', '\u3164', '\u00ad\u200b'];
/** Direction overrides, embeddings and isolates, anywhere in the text, or a direction mark first. */
const DIRECTION = ['\u202eAnn Archer', 'Ann \u202dArcher', '\u2067Ann\u2069', 'Ann\u202a', '\u200fAnn', '1 Market St \u2066'];

describe('an address of the book (docs/rules/addresses.md)', () => {
  it('refuses a name or line made only of invisible characters, naming the field', () => {
    for (const bad of INVISIBLE) {
      expect(fields({ ...US, name: bad }), JSON.stringify(bad)).toEqual({ name: 'Name must contain letters or digits you can see' });
      expect(fields({ ...US, line1: bad, city: bad }), JSON.stringify(bad)).toEqual({
        line1: 'Address line 1 must contain letters or digits you can see',
        city: 'City must contain letters or digits you can see',
      });
      expect(fields({ ...US, line2: bad }), JSON.stringify(bad)).toHaveProperty('line2');
    }
  });

  it('refuses direction overrides, embeddings and isolates in the name and every line', () => {
    for (const bad of DIRECTION) {
      expect(fields({ ...US, name: bad }), JSON.stringify(bad)).toEqual({ name: 'Name cannot contain characters that change the direction of text' });
      expect(Object.keys(fields({ ...US, line1: bad, line2: bad, city: bad })).sort(), JSON.stringify(bad)).toEqual(['city', 'line1', 'line2']);
    }
  });

  it('still takes right-to-left names and a zero-width joiner between letters', () => {
    expect(AddressInputSchema.safeParse({ ...US, name: 'שרה כהן', line1: 'شارع 1' }).success).toBe(true);
    expect(AddressInputSchema.safeParse({ ...US, name: 'Ann\u200dArcher' }).success).toBe(true);
  });

  it('refuses postal codes of zeros only, and US ZIPs starting 000, which no post issues', () => {
    const zero = (country: string, postalCode: string, region: string | null = null) => fields({ ...US, country, region, postalCode });
    expect(zero('US', '00000', 'CA')).toEqual({ postalCode: 'Enter a ZIP code like 94103 or 94103-1234' });
    for (const [country, code, region] of [
      ['US', '00000-0000', 'CA'],
      ['US', '00012', 'CA'],
      ['DE', '00000', null],
      ['DE', '00999', null],
      ['IT', '00000', null],
      ['PL', '00-000', null],
      ['JP', '000-0000', 'Tokyo'],
      ['AU', '0000', 'NSW'],
      ['NZ', '0000', null],
    ] as const) {
      expect(zero(country, code, region), `${country} ${code}`).toHaveProperty('postalCode');
    }
    // Real codes that start with zeros still pass.
    for (const [country, code, region] of [
      ['US', '00501', 'NY'],
      ['US', '02108-0001', 'MA'],
      ['IT', '00184', null],
      ['PL', '00-950', null],
      ['AU', '0800', 'NT'],
      ['DE', '01067', null],
    ] as const) {
      expect(zero(country, code, region), `${country} ${code}`).toEqual({});
    }
  });
});
