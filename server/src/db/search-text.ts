/**
 * Turning what a person typed into index-friendly patterns over the lowercase `search_text`
 * column (name, brand, model, colorway). Pure: the repositories put these into SQL as bound
 * parameters, never into the SQL text.
 */

/** More words than this add nothing but cost. */
export const MAX_SEARCH_TOKENS = 6;

/**
 * Characters that separate words in names and colorways ("Black/Fire Red-Cement", "'Bred'").
 * A short explicit list on purpose: pg_trgm turns each into a word boundary when it reads the
 * regex, so a word-start match can use the trigram index (a negated class like [^a-z] cannot).
 */
const WORD_SEPARATOR_CLASS = `[ /'"().,&+:;!?#_-]`; // '-' last: literal inside a bracket expression

/** "  Jordan 4  BRED " → ["jordan", "4", "bred"]: lowercase, deduplicated, at most MAX_SEARCH_TOKENS. */
export function tokenizeQuery(q: string | undefined): string[] {
  if (!q) return [];
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(tokens)].slice(0, MAX_SEARCH_TOKENS);
}

/** Escapes LIKE's wildcards (% and _) and its escape character, so "100%" means a literal percent. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `LIKE` pattern: the token anywhere in the text (trigram-indexable). */
export function containsPattern(token: string): string {
  return `%${escapeLike(token)}%`;
}

/** Escapes every regex metacharacter of PostgreSQL's ARE syntax. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`);
}

/** Regex: the token at the start of a word ("red" finds "Fire Red", not "Bred"). */
export function wordStartPattern(token: string): string {
  return `(^|${WORD_SEPARATOR_CLASS})${escapeRegex(token)}`;
}

/**
 * `LIKE` pattern implied by an exact brand filter: search_text is
 * `name || ' ' || brand || ' ' || model || ...`, so brand = 'Nike' implies ' nike ' appears in it.
 * Adding it lets the trigram index intersect the brand with the words inside the index.
 */
export function brandPattern(brand: string): string {
  return `% ${escapeLike(brand.toLowerCase())} %`;
}

/**
 * The trigrams every text holding `token` must hold, as pg_trgm's show_trgm writes them: each
 * three consecutive letters or digits of the token ("grey" → gre, rey; "1-og" → none). Only
 * ASCII letters and digits count, which pg_trgm treats as parts of a word in every locale, so
 * a substring match always brings these trigrams with it. Deduplicated, in order.
 */
export function wordTrigrams(token: string): string[] {
  const trigrams = token.split(/[^a-z0-9]+/).flatMap((run) => Array.from({ length: Math.max(0, run.length - 2) }, (_, i) => run.slice(i, i + 3)));
  return [...new Set(trigrams)];
}
