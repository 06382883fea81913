import { BRANDS, SIZES, type Brand } from '@soleswap/contracts/sneakers';

/**
 * Shape of one reference release as shipped in the repo (server/src/modules/catalog/data)
 * and upserted by style code into `catalog_releases`.
 */

/** Brands the catalogue knows: the add dialog's choices. Air Jordans are `Jordan`; Nike SB stays `Nike`. */
export const CATALOG_BRANDS = BRANDS;
export type CatalogBrand = Brand;

/** US sizes a release may come in: the add dialog's size choices. */
export const US_SIZES = SIZES;
export type UsSize = (typeof SIZES)[number];

/** CSS hex colours for the generated artwork, picked to match the colorway. */
export interface ReleasePalette {
  /** Main body of the upper. */
  upper: string;
  /** Toe cap, heel counter, eyestay and tongue panels. */
  overlay: string;
  /** Midsole (the outsole is drawn a shade darker). */
  sole: string;
  /** Brand detail: swoosh, stripes, "N", formstrip... */
  accent: string;
  laces: string;
}

export interface CatalogReleaseSeed {
  /** Full release name, e.g. "Air Jordan 4 Retro 'Bred Reimagined'". */
  name: string;
  brand: CatalogBrand;
  /** Silhouette, e.g. "Air Jordan 4". */
  model: string;
  /** Official colour names separated by slashes. */
  colorway: string;
  /** Manufacturer style code; the upsert key, unique across the catalogue. */
  styleCode: string;
  /** ISO date (YYYY-MM-DD) of the US release. */
  releaseDate: string;
  /** Dollars, up to two decimals. */
  retailPrice: number;
  /** Typical resale price in dollars; priceRangeLow <= marketPrice <= priceRangeHigh. */
  marketPrice: number;
  priceRangeLow: number;
  priceRangeHigh: number;
  /** US sizes of the release's size run, ascending. */
  sizes: UsSize[];
  /** 1 is the most popular; unique across the catalogue. */
  popularityRank: number;
  palette: ReleasePalette;
}

/**
 * Sizes from `from` to `to` inclusive in catalogue order, e.g. sizeRun('7', '15').
 * Throws on sizes outside US_SIZES so a typo in the data fails at import time.
 */
export function sizeRun(from: UsSize, to: UsSize): UsSize[] {
  const start = US_SIZES.indexOf(from);
  const end = US_SIZES.indexOf(to);
  if (start < 0 || end < start) throw new Error(`Invalid size run ${from}-${to}`);
  return US_SIZES.slice(start, end + 1);
}
