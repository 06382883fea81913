/**
 * Shoe sizes across systems (see docs/rules/sizes.md), with no schema library so the web's first
 * pages can import it. A listing's size is a US men's size (the add form's choice), stored as
 * entered and as a number for matching; a size filter or a want may be written in US men's, US
 * women's, UK, EU or centimetres, and is converted to US men's with the chart of the pair's brand.
 */

/** The systems a size may be written in. */
export const SIZE_SYSTEMS = ['us', 'w', 'uk', 'eu', 'cm'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];

/** How the web names each system in a size control. */
export const SIZE_SYSTEM_LABELS: Record<SizeSystem, string> = {
  us: "US men's",
  w: "US women's",
  uk: 'UK',
  eu: 'EU',
  cm: 'cm',
};

/** A size as read from text: the system, the number, and the text written back canonically ("EU 44"). */
export interface SizeQuery {
  system: SizeSystem;
  value: number;
  label: string;
}

/** One brand family's chart: US men's sizes with their UK, EU and foot length, and the women's offset. */
export interface SizeChart {
  id: string;
  /** Brands (lower case) sized on this chart; the default chart takes every other brand. */
  brands: readonly string[];
  /** US women's = US men's + this. */
  womenOffset: number;
  rows: ReadonlyArray<{ us: number; uk: number; eu: number; cm: number }>;
}

/** US men's sizes the charts cover: 4 to 15 in halves, then 16, 17, 18 (the add form's SIZES). */
const US_RUN = [...Array.from({ length: 23 }, (_, i) => 4 + i / 2), 16, 17, 18];

/** A chart from its UK offset, its EU sizes in US_RUN's order (or a rule) and its foot length offset. */
function chart(
  id: string,
  brands: string[],
  womenOffset: number,
  ukOffset: number,
  cmOffset: number,
  eu: number[] | ((us: number) => number),
): SizeChart {
  return {
    id,
    brands,
    womenOffset,
    rows: US_RUN.map((us, i) => ({
      us,
      uk: us - ukOffset,
      eu: Math.round((typeof eu === 'function' ? eu(us) : eu[i]!) * 100) / 100,
      cm: us + cmOffset,
    })),
  };
}

// EU columns in US_RUN's order: 4, 4.5, ... 15, then 16, 17, 18.
/** Nike and Jordan (also the default: Puma and Reebok run the same). US 10 = UK 9 = EU 44 = 28 cm. */
const NIKE_EU = [36, 36.5, 37.5, 38, 38.5, 39, 40, 40.5, 41, 42, 42.5, 43, 44, 44.5, 45, 45.5, 46, 47, 47.5, 48, 48.5, 49, 49.5, 50.5, 51.5, 52.5];
const NEW_BALANCE_EU = [36, 37, 37.5, 38, 38.5, 39.5, 40, 40.5, 41.5, 42, 42.5, 43, 44, 44.5, 45, 45.5, 46.5, 47, 47.5, 48, 49, 49.5, 50, 51, 52, 53];
const ASICS_EU = [36, 37, 37.5, 38, 39, 39.5, 40, 40.5, 41.5, 42, 42.5, 43.5, 44, 44.5, 45, 46, 46.5, 47, 48, 48.5, 49, 49.5, 50.5, 51.5, 52.5, 53.5];
const CONVERSE_EU = [36.5, 37, 37.5, 38, 39, 39.5, 40, 41, 41.5, 42, 42.5, 43, 44, 44.5, 45, 46, 46.5, 47, 48, 48.5, 49, 49.5, 50, 51.5, 52.5, 53];
const VANS_EU = [35, 36, 36.5, 37, 38, 38.5, 39, 40, 40.5, 41, 42, 42.5, 43, 44, 44.5, 45, 46, 46.5, 47, 47.5, 48, 48.5, 49, 50, 51, 52];

/** The default chart: brands no other chart names. */
export const DEFAULT_SIZE_CHART = chart('nike', ['nike', 'jordan', 'puma', 'reebok', 'other'], 1.5, 1, 18, NIKE_EU);

/** Every brand family's chart; the first is the default. */
export const SIZE_CHARTS: readonly SizeChart[] = [
  DEFAULT_SIZE_CHART,
  // adidas EU sizes step in thirds: US 10 = UK 9.5 = EU 44, US 10.5 = EU 44 2/3.
  chart('adidas', ['adidas', 'yeezy'], 1, 0.5, 18, (us) => 36 + ((us - 4) * 4) / 3),
  chart('new-balance', ['new balance'], 1.5, 0.5, 18, NEW_BALANCE_EU),
  chart('asics', ['asics'], 1.5, 1, 18, ASICS_EU),
  // Converse is unisex: US men's = UK, women's two sizes up, and a half centimetre longer.
  chart('converse', ['converse'], 2, 0, 18.5, CONVERSE_EU),
  chart('vans', ['vans'], 1.5, 1, 18, VANS_EU),
];

/** The chart a brand is sized on (any case); brands no chart names take the default. */
export function sizeChartFor(brand: string): SizeChart {
  const key = brand.trim().toLowerCase();
  return SIZE_CHARTS.find((c) => c.brands.includes(key)) ?? DEFAULT_SIZE_CHART;
}

/** EU sizes in thirds ("44 2/3" or 44.67) meet the chart's rounded thirds within this. */
const EU_TOLERANCE = 0.01;

/**
 * The US men's size a size means on a chart, or null when that brand makes no such size
 * (EU 44 is US 10 on Nike's chart and US 10.5 on Vans').
 */
export function toUsMens(size: Pick<SizeQuery, 'system' | 'value'>, chart: SizeChart): number | null {
  const { system, value } = size;
  const row = chart.rows.find((r) => {
    if (system === 'us') return r.us === value;
    if (system === 'w') return r.us + chart.womenOffset === value;
    if (system === 'uk') return r.uk === value;
    if (system === 'eu') return Math.abs(r.eu - value) <= EU_TOLERANCE;
    return r.cm === value;
  });
  return row ? row.us : null;
}

/** A US men's size written in another system on a chart ("10" on Nike's → EU 44), or null off the chart. */
export function fromUsMens(us: number, system: SizeSystem, chart: SizeChart): string | null {
  const row = chart.rows.find((r) => r.us === us);
  if (!row) return null;
  const value = system === 'us' ? row.us : system === 'w' ? row.us + chart.womenOffset : system === 'uk' ? row.uk : system === 'eu' ? row.eu : row.cm;
  return sizeLabel(system, value);
}

/** How a size is written back: "US 10", "W 11.5", "UK 9", "EU 44 2/3", "28 cm". */
export function sizeLabel(system: SizeSystem, value: number): string {
  const number =
    system === 'eu' && Math.abs(value - Math.round(value)) > 0.2 && Math.abs(value - Math.floor(value) - 0.5) > 0.1 ? euThirds(value) : String(value);
  if (system === 'cm') return `${number} cm`;
  return `${system === 'w' ? 'W' : system.toUpperCase()} ${number}`;
}

function euThirds(value: number): string {
  const whole = Math.floor(value);
  return `${whole} ${value - whole < 0.5 ? '1/3' : '2/3'}`;
}

const PREFIXES: Record<string, SizeSystem> = {
  '': 'us',
  us: 'us',
  m: 'us',
  'us m': 'us',
  "us men's": 'us',
  w: 'w',
  'us w': 'w',
  "us women's": 'w',
  uk: 'uk',
  eu: 'eu',
  eur: 'eu',
  cm: 'cm',
  jp: 'cm',
};

/** What parseSize says about text it cannot read. */
export const SIZE_FORMAT_MESSAGE = 'Write a size as US 10, W 11.5, UK 9, EU 44 or 28 cm';

/**
 * Reads a size (any case, spaces optional): an optional system, then the number ("10",
 * "US 10", "M 10", "W 11.5", "US W 11.5", "UK 9", "EU 44", "EU 44 2/3", "EU 44.5", "28cm",
 * "28.5 cm", "CM 28"); a plain number is US men's. Returns an error message when the text is not a
 * size or no brand's chart has it.
 */
export function parseSize(text: string): SizeQuery | { error: string } {
  const match = /^([a-z' ]*?)\s*(\d{1,2}(?:\.\d{1,2})?)(?:\s+([12])\/3)?\s*(cm)?$/.exec(text.trim().toLowerCase().replace(/\s+/g, ' '));
  if (!match) return { error: SIZE_FORMAT_MESSAGE };
  const [, prefix = '', number = '', third, suffix] = match;
  const prefixSystem = PREFIXES[prefix.trim()];
  if (prefixSystem === undefined || (suffix && prefix.trim() !== '')) return { error: SIZE_FORMAT_MESSAGE };
  const system: SizeSystem = suffix ? 'cm' : prefixSystem;
  if (third && system !== 'eu') return { error: 'Only EU sizes come in thirds' };
  const value = Number(number) + (third ? Number(third) / 3 : 0);
  if (!SIZE_CHARTS.some((c) => toUsMens({ system, value }, c) !== null)) {
    return { error: `No brand makes ${SIZE_SYSTEM_LABELS[system]} ${number}${third ? ` ${third}/3` : ''}: ${rangeOf(system)}` };
  }
  return { system, value, label: sizeLabel(system, value) };
}

/** The sizes a system offers across every chart, smallest first (the web's size lists). */
export function sizesIn(system: SizeSystem): number[] {
  const values = SIZE_CHARTS.flatMap((c) =>
    c.rows.map((r) => (system === 'us' ? r.us : system === 'w' ? r.us + c.womenOffset : system === 'uk' ? r.uk : system === 'eu' ? r.eu : r.cm)),
  );
  return [...new Set(values)].sort((a, b) => a - b);
}

function rangeOf(system: SizeSystem): string {
  const values = sizesIn(system);
  return `sizes run from ${values[0]} to ${values[values.length - 1]}, in halves`;
}
