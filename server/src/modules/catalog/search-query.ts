import { NUMBER_WORDS, OPTIONAL_WORDS, QUERY_ALIASES } from './data/search-aliases';

/**
 * Query understanding, pure (no database): what a collector typed, rewritten into the words the
 * catalogue uses. The same folding is applied to the catalogue's own text (release-matcher.ts),
 * so both sides meet in one form:
 * 1. lowercase, accents folded ("Maniére" → maniere), apostrophes dropped ("'85" → 85);
 * 2. every other punctuation a space, letters and digits split apart ("XT-6", "xt6" → xt 6;
 *    "SL72" → sl 72; "FV5029-006" → fv 5029 006);
 * 3. plurals stemmed ("sambas" → samba, "slides" → slide);
 * 4. (query only) number words as digits ("four" → 4), roman numerals after Jordan ("jordan
 *    iv" → jordan 4), "j" before a number as Jordan, and the
 *    alias table of the catalogue data (aj → air jordan, nb → new balance, yzy → yeezy...).
 * Typos are left to the matcher, which compares each word within an edit distance.
 */

/** More words than this add nothing but cost (the listing search keeps its own limit). */
export const MAX_QUERY_WORDS = 10;

/** Lowercase, accents folded, punctuation spaced, letters and digits apart, plurals stemmed. */
export function foldWords(text: string): string[] {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ');
  return folded.split(' ').filter(Boolean).map(stem);
}

/** "sambas" → samba, "laboratories" → laboratory; short words and "-ss" stay. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 4 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const ALIASES = [...QUERY_ALIASES].map(([from, to]) => ({ from: from.split(' '), to: to.split(' ') })).sort((a, b) => b.from.length - a.from.length);

/** Model numbers as Jordans are numbered on the box, read only after "jordan". */
const ROMAN_NUMERALS: Readonly<Record<string, string>> = {
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  x: '10',
  xi: '11',
  xii: '12',
  xiii: '13',
  xiv: '14',
};

/** The query as catalogue words: folded, number words as digits, aliases expanded. */
export function rewriteQuery(q: string | undefined): string[] {
  if (!q) return [];
  const words = foldWords(q).map((w) => NUMBER_WORDS[w] ?? w);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const word = words[i]!;
    // Roman numerals after Jordan ("jordan iv", "aj xi", aj already read as air jordan): the model number.
    const roman = ROMAN_NUMERALS[word];
    if (roman && out[out.length - 1] === 'jordan') {
      out.push(roman);
      i++;
      continue;
    }
    // "j4", "j 11": Jordan.
    if (word === 'j' && /^\d+$/.test(words[i + 1] ?? '')) {
      out.push('jordan');
      i++;
      continue;
    }
    const alias = ALIASES.find((a) => a.from.every((w, k) => words[i + k] === w));
    if (alias) {
      out.push(...alias.to);
      i += alias.from.length;
      continue;
    }
    out.push(word);
    i++;
  }
  return [...new Set(out)].slice(0, MAX_QUERY_WORDS);
}

/** Words that narrow nothing ("the", "retro"): a match counts, a miss does not exclude. */
export function isOptionalWord(word: string): boolean {
  return OPTIONAL_WORDS.has(word);
}

/** Letters and digits only: how style codes are compared ("FV5029-006" = "fv5029 006" = "fv5029006"). */
export function compactCode(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), stopping early once it
 * exceeds `max`: "jordon"/"jordan" 1, "addidas"/"adidas" 1, "smaba"/"samba" 1. Called for every
 * catalogue word a new query word is compared with (a few thousand), so one edit has a linear
 * check and the table rows are reused.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (max === 1) return isOneEdit(a, b) ? 1 : 2;
  const n = b.length;
  let prevPrev = rows[0]!.length > n ? rows[0]! : (rows[0] = new Int32Array(n + 8));
  let prev = rows[1]!.length > n ? rows[1]! : (rows[1] = new Int32Array(n + 8));
  let row = rows[2]!.length > n ? rows[2]! : (rows[2] = new Int32Array(n + 8));
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return Math.min(prev[n]!, max + 1);
}

const rows: Int32Array[] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** Different words one substitution, insertion, deletion or adjacent swap apart. */
function isOneEdit(a: string, b: string): boolean {
  if (a.length > b.length) [a, b] = [b, a];
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.slice(i) === b.slice(i + 1);
}

/** Typos tolerated in a word: one from 4 letters, two from 8 (digits never: model numbers must match). */
export function allowedEdits(word: string): number {
  if (/\d/.test(word)) return 0;
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}
