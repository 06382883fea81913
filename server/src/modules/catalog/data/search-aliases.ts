/**
 * The words collectors type for what the catalogue spells out, maintained beside the releases.
 * Keys and values are folded text (search-query.ts foldWords: lowercase, accents dropped,
 * letters and digits split apart, plurals stemmed), so "AJ1", "aj-1" and "aj 1" all read "aj 1".
 */

/**
 * Query words (or word pairs) and what they stand for. Applied left to right, longest first;
 * a value replaces the words it matched.
 */
export const QUERY_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['aj', 'air jordan'],
  ['nb', 'new balance'],
  ['yzy', 'yeezy'],
  ['yeezie', 'yeezy'],
  ['af', 'air force'],
  ['am', 'air max'],
  ['chuck taylor', 'chuck 70'],
  ['chuck taylor all star', 'chuck 70'],
  ['ct', 'chuck'],
  ['ts', 'travis scott'],
  ['cactus jack', 'travis scott'],
  ['amm', 'a ma maniere'],
  ['fog', 'fear of god'],
  ['foam runner', 'foam rnr'],
  ['foam', 'foam rnr'],
  ['rnr', 'foam rnr'],
  ['kayano', 'gel kayano'],
  ['spezial', 'handball spezial'],
  ['sk 8 hi', 'sk 8 hi'],
  ['old skool', 'old skool'],
  ['vomero', 'zoom vomero'],
  ['gt2160', 'gt 2160'],
  ['1130', 'gel 1130'],
  ['wu tang clan', 'wu tang'],
];

/**
 * "j" before a number is Jordan ("j4", "j 11"); the rule is in search-query.ts because it looks
 * at the next word. Number words read as digits ("jordan four").
 */
export const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
};

/**
 * Nicknames of releases, by style code: what the market calls a pair that its name does not say.
 * Searched like the name.
 */
export const RELEASE_NICKNAMES: Readonly<Record<string, string[]>> = {
  'CT8012-104': ['columbia'],
  'DM7866-202': ['mocha'],
  'DV0833-113': ['unc'],
  'FV5029-006': ['bred'],
};

/** Words that narrow nothing: matched when present, never required ("the", "x", "retro"). */
export const OPTIONAL_WORDS: ReadonlySet<string> = new Set([
  'the',
  'of',
  'and',
  'x',
  'retro',
  'og',
  'sp',
  'shoe',
  'sneaker',
  'men',
  'women',
  'wmn',
  'gs',
  'size',
  'pair',
  'by',
]);
