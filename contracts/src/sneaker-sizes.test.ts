import { describe, expect, it } from 'vitest';
import { parseSize, SIZE_CHARTS, sizeChartFor, sizesIn, toUsMens, type SizeQuery } from './sneaker-sizes';

const read = (text: string): SizeQuery => {
  const size = parseSize(text);
  if ('error' in size) throw new Error(`${text}: ${size.error}`);
  return size;
};
/** The US men's size a written size means for a brand's pairs. */
const usFor = (text: string, brand: string) => toUsMens(read(text), sizeChartFor(brand));

describe('sizes across systems', () => {
  it('reads US men’s, US women’s, UK, EU and cm in the ways people write them', () => {
    expect(read('10')).toEqual({ system: 'us', value: 10, label: 'US 10' });
    expect(read('US 10')).toEqual({ system: 'us', value: 10, label: 'US 10' });
    expect(read('us10.5').label).toBe('US 10.5');
    expect(read('M 9').label).toBe('US 9');
    expect(read("US men's 9").label).toBe('US 9');
    expect(read('W 11.5')).toEqual({ system: 'w', value: 11.5, label: 'W 11.5' });
    expect(read('US W 8').label).toBe('W 8');
    expect(read('uk 9')).toEqual({ system: 'uk', value: 9, label: 'UK 9' });
    expect(read('EU 44')).toEqual({ system: 'eu', value: 44, label: 'EU 44' });
    expect(read('EU 44 2/3').label).toBe('EU 44 2/3');
    expect(read('eur 42.5').label).toBe('EU 42.5');
    expect(read('28cm')).toEqual({ system: 'cm', value: 28, label: '28 cm' });
    expect(read('28.5 CM').label).toBe('28.5 cm');
    expect(read('cm 27').label).toBe('27 cm');
  });

  it('refuses text that is not a size, and sizes no brand makes', () => {
    for (const text of ['', 'banana', 'size ten', 'XL', 'US', '10 US', 'UK 9 2/3', 'US 28cm', '-10', '10,5']) {
      expect('error' in parseSize(text), text).toBe(true);
    }
    for (const text of ['3', 'US 19', 'W 25', 'UK 40', 'EU 30', 'EU 60', '10cm', '10.25']) {
      expect(parseSize(text), text).toMatchObject({ error: expect.stringContaining('No brand makes') });
    }
  });

  it('converts per brand: Nike and Jordan run UK one under US, EU 44 = US 10 = 28 cm, women’s 1.5 up', () => {
    for (const brand of ['Nike', 'Jordan', 'Puma', 'Other', 'A brand no chart names']) {
      expect(usFor('EU 44', brand), brand).toBe(10);
      expect(usFor('UK 9', brand), brand).toBe(10);
      expect(usFor('28cm', brand), brand).toBe(10);
      expect(usFor('W 11.5', brand), brand).toBe(10);
      expect(usFor('EU 42.5', brand), brand).toBe(9);
    }
  });

  it('converts adidas and Yeezy: UK half a size under US, EU in thirds, women’s one up', () => {
    for (const brand of ['Adidas', 'adidas', 'Yeezy']) {
      expect(usFor('EU 44', brand)).toBe(10);
      expect(usFor('EU 44 2/3', brand)).toBe(10.5);
      expect(usFor('EU 44.67', brand)).toBe(10.5);
      expect(usFor('UK 9.5', brand)).toBe(10);
      expect(usFor('UK 9', brand)).toBe(9.5);
      expect(usFor('W 11', brand)).toBe(10);
    }
  });

  it('converts New Balance, ASICS, Converse and Vans on their own charts', () => {
    expect(usFor('UK 9.5', 'New Balance')).toBe(10);
    expect(usFor('EU 44', 'New Balance')).toBe(10);
    expect(usFor('EU 41.5', 'New Balance')).toBe(8);
    expect(usFor('EU 43.5', 'ASICS')).toBe(9.5);
    expect(usFor('UK 9', 'ASICS')).toBe(10);
    // Converse is unisex: US men's = UK, women's two up, 28.5 cm for a 10.
    expect(usFor('UK 10', 'Converse')).toBe(10);
    expect(usFor('W 12', 'Converse')).toBe(10);
    expect(usFor('28.5cm', 'Converse')).toBe(10);
    // Vans: EU 43 is a 10, EU 44 a 10.5.
    expect(usFor('EU 43', 'Vans')).toBe(10);
    expect(usFor('EU 44', 'Vans')).toBe(10.5);
    expect(usFor('US 10', 'Vans')).toBe(10);
  });

  it('says when a brand does not make a size another brand does', () => {
    expect(usFor('EU 44 2/3', 'Nike')).toBeNull();
    expect(usFor('EU 35', 'Nike')).toBeNull();
    expect(usFor('EU 35', 'Vans')).toBe(4);
  });

  it('gives every chart a row for each US size of the add form, EU and cm growing with it', () => {
    for (const chart of SIZE_CHARTS) {
      expect(chart.rows.map((r) => String(r.us))).toEqual([...Array.from({ length: 23 }, (_, i) => String(4 + i / 2)), '16', '17', '18']);
      for (let i = 1; i < chart.rows.length; i++) {
        expect(chart.rows[i]!.eu, `${chart.id} ${chart.rows[i]!.us}`).toBeGreaterThan(chart.rows[i - 1]!.eu);
        expect(chart.rows[i]!.cm).toBeGreaterThan(chart.rows[i - 1]!.cm);
      }
    }
    expect(sizesIn('eu')).toContain(44);
    expect(sizesIn('us')[0]).toBe(4);
  });
});
