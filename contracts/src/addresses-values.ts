/**
 * The countries SoleSwap members can ship between, and what a valid address looks like in each
 * (zod-free, so the address form can show the right labels without loading zod). Only the fields
 * that matter for delivery are checked: the postal code's shape (normalised to the country's own
 * spacing and case) and, where the post needs it, the region (a state, province or prefecture).
 */

export const SHIPPING_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'NL',
  'BE',
  'ES',
  'IT',
  'SE',
  'DK',
  'AT',
  'CH',
  'PL',
  'JP',
  'AU',
  'NZ',
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

export interface CountryRule {
  name: string;
  postalLabel: string;
  postalExample: string;
  /** The postal code normalised, or null when it does not have the country's shape. */
  postal: (raw: string) => string | null;
  regionLabel: string;
  /** Codes (and names) of the regions the post needs; the code is what is stored. */
  regions?: Record<string, string>;
  /** A free-text region is required (no fixed list here). */
  regionRequired?: boolean;
}

/**
 * A postal-code check from a pattern on the upper-cased code with its spaces removed, and how to
 * print it. A code of zeros only (`00000`, `0000`, `000-0000`) fits many patterns but no country
 * issues one, so it is always refused.
 */
function shape(pattern: RegExp, format: (compact: string) => string = (c) => c): (raw: string) => string | null {
  return (raw) => {
    const compact = raw.toUpperCase().replace(/[\s-]/g, '');
    return pattern.test(compact) && !/^0+$/.test(compact) ? format(compact) : null;
  };
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

const AU_STATES: Record<string, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

const JP_PREFECTURES: Record<string, string> = Object.fromEntries(
  [
    'Hokkaido',
    'Aomori',
    'Iwate',
    'Miyagi',
    'Akita',
    'Yamagata',
    'Fukushima',
    'Ibaraki',
    'Tochigi',
    'Gunma',
    'Saitama',
    'Chiba',
    'Tokyo',
    'Kanagawa',
    'Niigata',
    'Toyama',
    'Ishikawa',
    'Fukui',
    'Yamanashi',
    'Nagano',
    'Gifu',
    'Shizuoka',
    'Aichi',
    'Mie',
    'Shiga',
    'Kyoto',
    'Osaka',
    'Hyogo',
    'Nara',
    'Wakayama',
    'Tottori',
    'Shimane',
    'Okayama',
    'Hiroshima',
    'Yamaguchi',
    'Tokushima',
    'Kagawa',
    'Ehime',
    'Kochi',
    'Fukuoka',
    'Saga',
    'Nagasaki',
    'Kumamoto',
    'Oita',
    'Miyazaki',
    'Kagoshima',
    'Okinawa',
  ].map((name, i) => [`JP-${String(i + 1).padStart(2, '0')}`, name]),
);

const fourDigits = shape(/^\d{4}$/);
const fiveDigits = shape(/^\d{5}$/);

export const COUNTRY_RULES: Record<ShippingCountry, CountryRule> = {
  US: {
    name: 'United States',
    postalLabel: 'ZIP code',
    postalExample: '94103 or 94103-1234',
    // No ZIP starts 000: the lowest in use is 00501 (Holtsville, NY).
    postal: shape(/^(?!000)\d{5}(\d{4})?$/, (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c)),
    regionLabel: 'State',
    regions: US_STATES,
  },
  CA: {
    name: 'Canada',
    postalLabel: 'postal code',
    postalExample: 'K1A 0B1',
    // No D, F, I, O, Q or U anywhere, and no W or Z first (Canada Post).
    postal: shape(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/, (c) => `${c.slice(0, 3)} ${c.slice(3)}`),
    regionLabel: 'Province',
    regions: CA_PROVINCES,
  },
  GB: {
    name: 'United Kingdom',
    postalLabel: 'postcode',
    postalExample: 'SW1A 1AA',
    postal: shape(/^([A-Z]{1,2}\d[A-Z\d]?|GIR)\d[ABD-HJLNP-UW-Z]{2}$/, (c) => `${c.slice(0, -3)} ${c.slice(-3)}`),
    regionLabel: 'County',
  },
  IE: {
    name: 'Ireland',
    postalLabel: 'Eircode',
    postalExample: 'D02 X285',
    postal: shape(/^[AC-FHKNPRTV-Y]\d{2}[AC-FHKNPRTV-Y\d]{4}$|^D6W[AC-FHKNPRTV-Y\d]{4}$/, (c) => `${c.slice(0, 3)} ${c.slice(3)}`),
    regionLabel: 'County',
  },
  // German codes begin at 01: none starts 00.
  DE: { name: 'Germany', postalLabel: 'Postleitzahl', postalExample: '10115', postal: shape(/^(?!00)\d{5}$/), regionLabel: 'State' },
  FR: { name: 'France', postalLabel: 'code postal', postalExample: '75001', postal: shape(/^(?!00)\d{5}$/), regionLabel: 'Region' },
  NL: {
    name: 'Netherlands',
    postalLabel: 'postcode',
    postalExample: '1012 AB',
    // Four digits not starting with 0, then two letters other than SA, SD and SS.
    postal: shape(/^[1-9]\d{3}(?!SA|SD|SS)[A-Z]{2}$/, (c) => `${c.slice(0, 4)} ${c.slice(4)}`),
    regionLabel: 'Province',
  },
  BE: { name: 'Belgium', postalLabel: 'postal code', postalExample: '1000', postal: shape(/^[1-9]\d{3}$/), regionLabel: 'Province' },
  ES: {
    name: 'Spain',
    postalLabel: 'código postal',
    postalExample: '28013',
    postal: shape(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/),
    regionLabel: 'Province',
  },
  IT: { name: 'Italy', postalLabel: 'CAP', postalExample: '00184', postal: fiveDigits, regionLabel: 'Province' },
  SE: {
    name: 'Sweden',
    postalLabel: 'postnummer',
    postalExample: '114 55',
    postal: shape(/^[1-9]\d{4}$/, (c) => `${c.slice(0, 3)} ${c.slice(3)}`),
    regionLabel: 'County',
  },
  DK: { name: 'Denmark', postalLabel: 'postnummer', postalExample: '1050', postal: shape(/^[1-9]\d{3}$/), regionLabel: 'Region' },
  AT: { name: 'Austria', postalLabel: 'Postleitzahl', postalExample: '1010', postal: shape(/^[1-9]\d{3}$/), regionLabel: 'State' },
  CH: { name: 'Switzerland', postalLabel: 'postal code', postalExample: '8001', postal: shape(/^[1-9]\d{3}$/), regionLabel: 'Canton' },
  PL: {
    name: 'Poland',
    postalLabel: 'kod pocztowy',
    postalExample: '00-950',
    postal: shape(/^\d{5}$/, (c) => `${c.slice(0, 2)}-${c.slice(2)}`),
    regionLabel: 'Voivodeship',
  },
  JP: {
    name: 'Japan',
    postalLabel: 'postal code',
    postalExample: '100-0001',
    postal: shape(/^\d{7}$/, (c) => `${c.slice(0, 3)}-${c.slice(3)}`),
    regionLabel: 'Prefecture',
    regions: JP_PREFECTURES,
  },
  AU: { name: 'Australia', postalLabel: 'postcode', postalExample: '2000', postal: fourDigits, regionLabel: 'State', regions: AU_STATES },
  NZ: { name: 'New Zealand', postalLabel: 'postcode', postalExample: '6011', postal: fourDigits, regionLabel: 'Region' },
};
