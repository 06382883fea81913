import { COUNTRY_RULES, type PostalAddress, type ShippingCountry } from './addresses';

/**
 * An address laid out as the destination country's post reads it, top to bottom, ending with the
 * country in capitals as international mail does (the UPU's rule). Each country's order:
 *   US, CA, AU   name / street / City ST ZIP (US: "CITY, ST ZIP", the city in capitals as USPS asks)
 *   GB, IE       name / street / town / county / postcode
 *   Europe       name / street / postal code and city (IT: and the province) / region if given
 *   JP           in Japanese: 〒postal code / prefecture and city / street / name 様;
 *                in Latin letters: name / street / City, Prefecture postal code
 *   NZ and any other: name / street / city and postal code / region if given
 */
type Layout = (address: PostalAddress, region: string | null) => (string | null)[];

/** Japan's prefectures by ISO code (the order and codes of addresses-values.ts), as written in Japanese. */
const JP_PREFECTURES_JA = (
  '北海道 青森県 岩手県 宮城県 秋田県 山形県 福島県 茨城県 栃木県 群馬県 埼玉県 千葉県 東京都 神奈川県 新潟県 富山県 ' +
  '石川県 福井県 山梨県 長野県 岐阜県 静岡県 愛知県 三重県 滋賀県 京都府 大阪府 兵庫県 奈良県 和歌山県 鳥取県 島根県 ' +
  '岡山県 広島県 山口県 徳島県 香川県 愛媛県 高知県 福岡県 佐賀県 長崎県 熊本県 大分県 宮崎県 鹿児島県 沖縄県'
).split(' ');

/** Kanji, kana or Japanese punctuation: the address was written in Japanese. */
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;

const street = (a: PostalAddress) => [a.line1, a.line2];
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

/** US, Canada, Australia: the city, the state's or province's code and the postal code on one line (USPS: the city in capitals). */
const northAmerican: Layout = (a) => [
  a.name,
  ...street(a),
  a.country === 'US' ? `${a.city.toUpperCase()}, ${joined(a.region, a.postalCode)}` : joined(a.city, a.region, a.postalCode),
];

/** United Kingdom, Ireland: the post town, then the county if given, then the postcode on its own line. */
const britishIsles: Layout = (a, region) => [a.name, ...street(a), a.city, region, a.postalCode];

/** Continental Europe: the postal code before the city ("10115 Berlin"); Italy adds the province's code ("00184 Roma RM"). */
const postalCodeFirst: Layout = (a, region) => {
  const italianProvince = a.country === 'IT' && region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : null;
  return [a.name, ...street(a), joined(a.postalCode, a.city, italianProvince), italianProvince ? null : region];
};

/** Japan: from the largest place down to the name when written in Japanese, the Western order in Latin letters. */
const japanese: Layout = (a, region) => {
  if (![a.name, a.line1, a.line2, a.city].some((part) => part && JAPANESE.test(part))) {
    return [a.name, ...street(a), `${a.city}, ${joined(region, a.postalCode)}`];
  }
  const prefecture = a.region?.startsWith('JP-') ? (JP_PREFECTURES_JA[Number(a.region.slice(3)) - 1] ?? region) : region;
  const city = prefecture && !a.city.startsWith(prefecture) ? `${prefecture}${a.city}` : a.city;
  const honorific = /(様|殿|御中)$/.test(a.name) ? a.name : `${a.name} 様`;
  return [`〒${a.postalCode}`, city, ...street(a), honorific];
};

/** Any other country: the city and postal code on one line, the region after it. */
const international: Layout = (a, region) => [a.name, ...street(a), joined(a.city, a.postalCode), region];

const LAYOUTS: Partial<Record<ShippingCountry, Layout>> = {
  US: northAmerican,
  CA: northAmerican,
  AU: northAmerican,
  GB: britishIsles,
  IE: britishIsles,
  DE: postalCodeFirst,
  AT: postalCodeFirst,
  CH: postalCodeFirst,
  FR: postalCodeFirst,
  BE: postalCodeFirst,
  NL: postalCodeFirst,
  DK: postalCodeFirst,
  SE: postalCodeFirst,
  PL: postalCodeFirst,
  ES: postalCodeFirst,
  IT: postalCodeFirst,
  JP: japanese,
};

/** The lines of an address as a parcel label and a packing slip print them and every page shows them. */
export function addressLines(address: PostalAddress): string[] {
  const rule = COUNTRY_RULES[address.country];
  // Regions kept as codes (US states, JP prefectures) are named; a free-text region is printed as typed.
  const region = address.region ? (rule.regions?.[address.region] ?? address.region) : null;
  const layout = LAYOUTS[address.country] ?? international;
  const lines = layout(address, region).filter((line): line is string => Boolean(line?.trim()));
  return [...lines, rule.name.toUpperCase()];
}
