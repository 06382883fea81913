import { describe, expect, it } from 'vitest';
import { CATALOG_BRANDS, US_SIZES } from './catalog-release-seed';
import { CATALOG_RELEASES } from './data/releases';

const HEX = /^#[0-9a-f]{6}$/i;
const hasAtMostTwoDecimals = (n: number) => Math.round(n * 100) === n * 100;

describe('CATALOG_RELEASES', () => {
  it('holds exactly 100 releases ranked 1..100, most popular first', () => {
    expect(CATALOG_RELEASES).toHaveLength(100);
    expect(CATALOG_RELEASES.map((r) => r.popularityRank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('never repeats a style code, since "Update Library" upserts by it', () => {
    const codes = CATALOG_RELEASES.map((r) => r.styleCode.trim().toUpperCase());
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of CATALOG_RELEASES) expect(r.styleCode).toMatch(/^[A-Z0-9][A-Z0-9.-]+$/);
  });

  it('uses only known brands, files Air Jordans under Jordan and spreads across brands', () => {
    for (const r of CATALOG_RELEASES) {
      expect(CATALOG_BRANDS).toContain(r.brand);
      if (r.model.startsWith('Air Jordan')) expect(r.brand).toBe('Jordan');
    }
    const brands = new Set(CATALOG_RELEASES.map((r) => r.brand));
    expect(brands.size).toBeGreaterThanOrEqual(8);
  });

  it('lists non-empty, ascending size runs of valid US sizes', () => {
    for (const r of CATALOG_RELEASES) {
      expect(r.sizes.length, r.name).toBeGreaterThan(0);
      const positions = r.sizes.map((s) => US_SIZES.indexOf(s));
      expect(
        positions.every((p) => p >= 0),
        r.name,
      ).toBe(true);
      expect(
        [...positions].sort((a, b) => a - b),
        r.name,
      ).toEqual(positions);
      expect(new Set(r.sizes).size, r.name).toBe(r.sizes.length);
    }
  });

  it('keeps prices positive, in cents precision, with low <= market <= high', () => {
    for (const r of CATALOG_RELEASES) {
      for (const price of [r.retailPrice, r.marketPrice, r.priceRangeLow, r.priceRangeHigh]) {
        expect(price, r.name).toBeGreaterThan(0);
        expect(hasAtMostTwoDecimals(price), r.name).toBe(true);
      }
      expect(r.priceRangeLow, r.name).toBeLessThanOrEqual(r.marketPrice);
      expect(r.marketPrice, r.name).toBeLessThanOrEqual(r.priceRangeHigh);
    }
  });

  it('dates every release on a real day in 2024 or 2025', () => {
    for (const r of CATALOG_RELEASES) {
      expect(r.releaseDate, r.name).toMatch(/^202[45]-\d{2}-\d{2}$/);
      // Round-tripping through Date rejects impossible days such as 2024-02-30.
      expect(new Date(`${r.releaseDate}T00:00:00Z`).toISOString().slice(0, 10), r.name).toBe(r.releaseDate);
    }
  });

  it('gives every release a complete hex palette and the text fields search needs', () => {
    for (const r of CATALOG_RELEASES) {
      for (const colour of Object.values(r.palette)) expect(colour, r.name).toMatch(HEX);
      expect(Object.keys(r.palette).sort()).toEqual(['accent', 'laces', 'overlay', 'sole', 'upper']);
      for (const text of [r.name, r.model, r.colorway]) expect(text.trim().length, r.name).toBeGreaterThan(0);
    }
  });
});
