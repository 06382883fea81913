/**
 * Listing text as the wording rules read it: one token per word, spelled plainly. Sellers who want
 * buyers in the know to find a copy, but filters not to, write the trade's words in disguise:
 * look-alike letters from other alphabets ("rерs" with Cyrillic е and р), accents ("rèp"),
 * digits for letters ("r3p", "f4ke"), punctuation or spaces inside the word ("r.e.p", "r e p s",
 * "rep-lica"), repeated letters ("reeeps") and invisible characters. Each token keeps whether it
 * had to be undone (`disguised`): honest members do not hide their words.
 */
export interface WordToken {
  /** Lower case, plain Latin letters and digits, repeated letters squeezed ("reeeps" → "reps"); "1:1" stays "1:1". */
  key: string;
  /** The word with its digits and signs read as letters ("r3p" → "rep"), when that differs: a disguise if it is a trade word. */
  alt?: string;
  /** Spelled with look-alike letters, digits for letters, invisible characters or letters split apart. */
  disguised: boolean;
  /** Joined from letters written apart ("r e p s"): may hold several words run together. */
  spaced?: boolean;
}

/** A clause ends at . ! ? ; : and line breaks, and before "but" (the wording rules never read across one). */
export type WordingToken = WordToken | { boundary: 'clause' | 'comma' };

export const isWord = (token: WordingToken | undefined): token is WordToken => token !== undefined && 'key' in token;

/** Characters that draw nothing: zero-width spaces and joiners, the soft hyphen, word joiners, the byte-order mark. */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u206A-\u206F\uFEFF]|\u034F|\u17B4|\u17B5/g;

/** Cyrillic and Greek letters drawn like Latin ones (after lower-casing). */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ʀ: 'r',
  ᴀ: 'a',
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ς: 's',
  σ: 'o',
  μ: 'u',
  ʟ: 'l',
  ɪ: 'i',
  ᴘ: 'p',
  ᴇ: 'e',
  ꜱ: 's',
};

/** Digits and signs written for letters inside a word ("r3p", "f4ke", "r3pl!ca", "$uper"). */
const LETTER_FOR: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '€': 'e',
  '!': 'i',
  '|': 'l',
};

/** Signs that may sit between the letters of one word ("r.e.p", "rep-lica", "r_e_p", "don't"). */
const INNER_MARKS = /[.\-_*·•'’`~+^=\\/]/g;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source, 'u');
const CLAUSE_END = /[.!?;:\n]$/;

function plainLetters(raw: string): { text: string; changed: boolean } {
  let changed = false;
  let text = '';
  for (const ch of raw.toLowerCase()) {
    const latin = LOOK_ALIKES[ch];
    if (latin) {
      text += latin;
      changed = true;
    } else text += ch;
  }
  const stripped = text.normalize('NFD').replace(/\p{M}+/gu, '');
  return { text: stripped, changed: changed || stripped !== text.normalize('NFD') };
}

/** "1:1", "1 : 1", "1to1", "1for1": the trade's "one to one" copy grade. */
const ONE_TO_ONE = /^1(?::|to|for|x)1$/;

/** Letters squeezed: runs of one letter read as one ("reeeps" → "reps"), except a word of one repeated letter ("AAA"). */
export const squeeze = (word: string) => (/^(.)\1+$/u.test(word) ? word : word.replace(/(.)\1+/gu, '$1'));

/** One chunk between spaces: its words, and whether a clause or list item ends after it. */
function readChunk(chunk: string): { words: WordToken[]; end: 'clause' | 'comma' | null } {
  const end = CLAUSE_END.test(chunk) ? 'clause' : /,$/.test(chunk) ? 'comma' : null;
  const bare = chunk.replace(/^[("'“‘[]+|[)"'”’\],.!?;:]+$/g, '');
  if (bare === '') return { words: [], end };
  if (ONE_TO_ONE.test(bare.toLowerCase())) return { words: [{ key: '1:1', disguised: false }], end };
  const { text, changed } = plainLetters(bare);
  if (!/\p{L}/u.test(text)) {
    // A number stays a number ("9.5", "10", "$120"): digits are letters only beside letters.
    const words = text
      .split(/[^\p{N}%]+/u)
      .filter(Boolean)
      .map((key) => ({ key, disguised: false }));
    return { words, end };
  }
  // "r.e.p", "rep-lica", "r_e_p": marks between letters; one hyphen or apostrophe ("don't", "Off-White") is spelling.
  const marks = text.match(INNER_MARKS)?.length ?? 0;
  const splitApart = marks > 0 && !/^[\p{L}\p{N}]+['’-][\p{L}\p{N}]+$/u.test(text);
  const joined = text.replace(INNER_MARKS, '').replace(/[^\p{L}\p{N}@$€!|%]+/gu, '');
  const key = squeeze(joined.replace(/[@$€!|]/g, ''));
  // Digits and signs for letters ("r3p", "f4ke", "r3pl!ca"): the spelling the letters give, used only
  // when it is a word of the vocabulary, so "AJ1" or "H12" keep their own.
  const swapped = squeeze([...joined].map((ch) => LETTER_FOR[ch] ?? ch).join(''));
  const alt = swapped !== key && /[0-9@$€!|]/.test(joined) ? swapped : undefined;
  if (!key && !alt) return { words: [], end };
  return { words: [{ key: key || alt!, ...(alt ? { alt } : {}), disguised: changed || splitApart }], end };
}

/**
 * The tokens of `text`: words spelled plainly (see WordToken), with clause and comma boundaries
 * between them. Letters written apart by spaces ("r e p s", "U A") are read as one word.
 */
export function normaliseWording(text: string): WordingToken[] {
  const visible = text.normalize('NFKC');
  const hadInvisible = HAS_INVISIBLE.test(visible);
  const cleaned = visible.replace(INVISIBLE, '').replace(/(^|[^\d])1\s*:\s*1(?!\d)/g, (_, before: string) => `${before}1:1`);
  const tokens: WordingToken[] = [];
  for (const chunk of cleaned.split(/\s+/)) {
    if (!chunk) continue;
    const { words, end } = readChunk(chunk);
    for (const word of words) {
      if (word.key === 'but') tokens.push({ boundary: 'clause' });
      tokens.push(word);
    }
    if (end) tokens.push({ boundary: end });
  }
  return joinSpacedLetters(hadInvisible ? markInvisible(text, tokens) : tokens);
}

/** Invisible characters in a word mark that word as disguised. */
function markInvisible(text: string, tokens: WordingToken[]): WordingToken[] {
  const hidden = new Set<string>();
  for (const chunk of text.normalize('NFKC').split(/\s+/)) {
    if (HAS_INVISIBLE.test(chunk)) for (const w of readChunk(chunk.replace(INVISIBLE, '')).words) hidden.add(w.key);
  }
  return tokens.map((t) => (isWord(t) && hidden.has(t.key) ? { ...t, disguised: true } : t));
}

/** Two or more one-letter words in a row ("r e p s", "u a", "a a a") are one word written apart. */
function joinSpacedLetters(tokens: WordingToken[]): WordingToken[] {
  const out: WordingToken[] = [];
  let run: WordToken[] = [];
  const flush = () => {
    if (run.length >= 2 && run.filter((t) => /^\p{L}$/u.test(t.key)).length >= 2) {
      const key = squeeze(run.map((t) => (/^\p{L}$/u.test(t.key) ? t.key : LETTER_FOR[t.key]!)).join(''));
      // "not a r e p": the article stays a word of its own.
      if (run.length >= 3 && (run[0]!.key === 'a' || run[0]!.key === 'i')) {
        out.push(run[0]!);
        out.push({ key: key.slice(1), disguised: true, spaced: true });
      } else out.push({ key, disguised: true, spaced: true });
    } else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    // A digit for a letter inside the run ("m i r r o r q u 4 l 1 t y") is a letter too.
    if (isWord(token) && (/^\p{L}$/u.test(token.key) || (run.length > 0 && /^[0-9]$/.test(token.key) && LETTER_FOR[token.key]))) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}
