import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';
import type { PostalAddress } from './addresses';
import { SHIPPING_COUNTRIES, type ShippingCountry } from './addresses-values';

const at = (country: ShippingCountry, fields: Partial<PostalAddress>): PostalAddress => ({
  name: 'Ann Archer',
  line1: '1 Main Street',
  line2: null,
  city: 'Town',
  region: null,
  postalCode: '12345',
  country,
  ...fields,
});

describe("an address in its country's postal format (addressLines)", () => {
  it('prints a US address as name, street, "CITY, ST ZIP", UNITED STATES', () => {
    expect(addressLines(at('US', { line2: 'Apt 4', city: 'San Francisco', region: 'CA', postalCode: '94103-1234' }))).toEqual([
      'Ann Archer',
      '1 Main Street',
      'Apt 4',
      'SAN FRANCISCO, CA 94103-1234',
      'UNITED STATES',
    ]);
  });

  it('prints Canada and Australia with the province or state code between city and postal code', () => {
    expect(addressLines(at('CA', { city: 'Ottawa', region: 'ON', postalCode: 'K1A 0B1' })).slice(-2)).toEqual(['Ottawa ON K1A 0B1', 'CANADA']);
    expect(addressLines(at('AU', { city: 'Sydney', region: 'NSW', postalCode: '2000' })).slice(-2)).toEqual(['Sydney NSW 2000', 'AUSTRALIA']);
  });

  it('prints a German address as Name / Straße Hausnummer / PLZ Ort / GERMANY, letters as typed', () => {
    expect(addressLines(at('DE', { name: 'Jürgen Groß', line1: 'Müllerstraße 12', city: 'Berlin', postalCode: '10115' }))).toEqual([
      'Jürgen Groß',
      'Müllerstraße 12',
      '10115 Berlin',
      'GERMANY',
    ]);
  });

  it('puts the postal code before the city across continental Europe, Italy with its province code', () => {
    expect(addressLines(at('FR', { city: 'Paris', postalCode: '75001' })).slice(-2)).toEqual(['75001 Paris', 'FRANCE']);
    expect(addressLines(at('NL', { city: 'Amsterdam', postalCode: '1012 AB' })).slice(-2)).toEqual(['1012 AB Amsterdam', 'NETHERLANDS']);
    expect(addressLines(at('SE', { city: 'Stockholm', postalCode: '114 55' })).slice(-2)).toEqual(['114 55 Stockholm', 'SWEDEN']);
    expect(addressLines(at('PL', { city: 'Warszawa', postalCode: '00-950' })).slice(-2)).toEqual(['00-950 Warszawa', 'POLAND']);
    expect(addressLines(at('IT', { city: 'Roma', region: 'rm', postalCode: '00184' })).slice(-2)).toEqual(['00184 Roma RM', 'ITALY']);
    expect(addressLines(at('ES', { city: 'Madrid', region: 'Madrid', postalCode: '28013' })).slice(-3)).toEqual(['28013 Madrid', 'Madrid', 'SPAIN']);
  });

  it('prints the United Kingdom and Ireland with the post town, the county if given, and the postcode on its own line', () => {
    expect(addressLines(at('GB', { city: 'London', postalCode: 'N1 9GU' }))).toEqual([
      'Ann Archer',
      '1 Main Street',
      'London',
      'N1 9GU',
      'UNITED KINGDOM',
    ]);
    expect(addressLines(at('IE', { city: 'Dublin 2', region: 'Co. Dublin', postalCode: 'D02 X285' })).slice(-4)).toEqual([
      'Dublin 2',
      'Co. Dublin',
      'D02 X285',
      'IRELAND',
    ]);
  });

  it('prints a Japanese address written in Japanese from the postal code down to the name with 様', () => {
    const yamada = at('JP', { name: '山田太郎', line1: '千代田1-1', city: '千代田区', region: 'JP-13', postalCode: '100-0001' });
    expect(addressLines(yamada)).toEqual(['〒100-0001', '東京都千代田区', '千代田1-1', '山田太郎 様', 'JAPAN']);
    // A prefecture already typed in the city is not printed twice; an honorific already there is kept.
    expect(addressLines({ ...yamada, city: '東京都千代田区', name: '株式会社ソールスワップ 御中' }).slice(1, 4)).toEqual([
      '東京都千代田区',
      '千代田1-1',
      '株式会社ソールスワップ 御中',
    ]);
    expect(addressLines({ ...yamada, region: 'JP-01', city: '札幌市' })[1]).toBe('北海道札幌市');
    expect(addressLines({ ...yamada, region: 'JP-47', city: '那覇市' })[1]).toBe('沖縄県那覇市');
  });

  it('prints a Japanese address written in Latin letters in the Western order', () => {
    expect(
      addressLines(at('JP', { name: 'Taro Yamada', line1: '1-1 Chiyoda', city: 'Chiyoda-ku', region: 'JP-13', postalCode: '100-0001' })),
    ).toEqual(['Taro Yamada', '1-1 Chiyoda', 'Chiyoda-ku, Tokyo 100-0001', 'JAPAN']);
  });

  it('prints every country members can ship to, with every field typed and the country last', () => {
    for (const country of SHIPPING_COUNTRIES) {
      const lines = addressLines(at(country, { line2: 'Flat 2', region: country === 'JP' ? 'JP-13' : null }));
      expect(lines.at(-1), country).toMatch(/^[A-Z ]+$/);
      // (Case aside: a US city prints in capitals.)
      for (const part of ['Ann Archer', '1 Main Street', 'Flat 2', '12345', 'TOWN'])
        expect(lines.join('\n').toUpperCase(), country).toContain(part.toUpperCase());
    }
  });
});
