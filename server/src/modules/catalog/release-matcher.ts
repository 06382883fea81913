import { RELEASE_NICKNAMES } from './data/search-aliases';
import { allowedEdits, compactCode, editDistance, foldWords, isOptionalWord, rewriteQuery } from './search-query';

/**
 * Ranks catalogue releases for a query, in memory (the catalogue is about a hundred releases).
 * Pure: the callers read the releases and hand them in. One ranking for every search box:
 * the library, the pickers, and browse, which lists the listings of the releases found here.
 *
 * Each query word (search-query.ts rewriteQuery) is matched against the release's words (name,
 * brand, model, colourway, nicknames, style code, each folded the same way, plus each pair of
 * neighbouring words joined: "Blue Bird" also reads "bluebird", "Wu-Tang" "wutang"):
 * exactly (1), as the start of a word from three letters (0.75: "spez"), or within the typos
 * allowedEdits tolerates (0.6). Numbers match exactly, so "jordan 4 bred" never finds an Air
 * Jordan 1. Every word must match except the optional ones ("retro", "the"); when no release
 * matches every word, releases missing one word of three or more are kept, ranked lower.
 * Ranking: a style code match first, then the query as an exact phrase of the name, nickname or
 * colourway, then how well the words matched, then popularity.
 */

export interface MatchableRelease {
  id: number;
  name: string;
  brand: string;
  model: string;
  colorway: string | null;
  styleCode: string;
  popularityRank: number;
}

export interface RankedRelease<R extends MatchableRelease> {
  release: R;
  score: number;
  /** Every required word matched (else one was missing). */
  complete: boolean;
}

interface Indexed<R extends MatchableRelease> {
  release: R;
  words: Set<string>;
  /** Folded phrases the query may equal or sit inside: name, quoted nickname, colourway, nicknames. */
  phrases: string[];
  code: string;
}

const cache = new WeakMap<readonly MatchableRelease[], Indexed<MatchableRelease>[]>();
/** A joined pair of neighbouring catalogue words and its two words ("wutang" → wu, tang). */
const joinedParts = new Map<string, [string, string]>();
/** Words that stand alone in some catalogue text ("speedcat"), not only as a joined pair. */
const singleWords = new Set<string>();

function indexReleases<R extends MatchableRelease>(releases: readonly R[]): Indexed<R>[] {
  const cached = cache.get(releases);
  if (cached) return cached as Indexed<R>[];
  const indexed = releases.map((release) => {
    const nicknames = RELEASE_NICKNAMES[release.styleCode] ?? [];
    const quoted = [...release.name.matchAll(/'([^']{3,})'/g)].map((m) => m[1]!);
    const fields = [release.name, release.brand, release.model, release.colorway ?? '', release.styleCode, ...nicknames, ...quoted];
    const words = new Set<string>();
    for (const field of fields) {
      const folded = foldWords(field);
      folded.forEach((w, i) => {
        words.add(w);
        singleWords.add(w);
        if (i > 0) {
          words.add(folded[i - 1]! + w);
          joinedParts.set(folded[i - 1]! + w, [folded[i - 1]!, w]);
        }
      });
    }
    const phrases = [release.name, release.colorway ?? '', ...nicknames, ...quoted].map((p) => foldWords(p).join(' '));
    return { release, words, phrases, code: compactCode(release.styleCode) };
  });
  cache.set(releases, indexed);
  return indexed;
}

/** Query words remembered per vocabulary: collectors type the same words again and again. */
const matchMemo = new WeakMap<Set<string>, Map<string, Map<string, number>>>();
const MEMO_WORDS = 5_000;
const vocabularies = new WeakMap<Indexed<MatchableRelease>[], Set<string>>();

/** Every word of the catalogue, once. */
function vocabularyOf(indexed: Indexed<MatchableRelease>[]): Set<string> {
  const cached = vocabularies.get(indexed);
  if (cached) return cached;
  const vocabulary = new Set<string>();
  vocabularies.set(indexed, vocabulary);
  for (const entry of indexed) for (const w of entry.words) vocabulary.add(w);
  return vocabulary;
}

/**
 * How well one query word matches each catalogue word it matches at all: 1 exact, 0.75 word
 * start, 0.6 a typo away. Computed once per query over the whole vocabulary (a few hundred
 * words), then looked up per release.
 */
function wordMatches(word: string, vocabulary: Set<string>): Map<string, number> {
  let memo = matchMemo.get(vocabulary);
  if (!memo) matchMemo.set(vocabulary, (memo = new Map()));
  const known = memo.get(word);
  if (known) return known;
  if (memo.size >= MEMO_WORDS) memo.clear();
  const found = new Map<string, number>();
  memo.set(word, found);
  if (vocabulary.has(word)) found.set(word, 1);
  if (/^\d+$/.test(word)) return found;
  const edits = allowedEdits(word);
  for (const candidate of vocabulary) {
    if (candidate === word) continue;
    if (word.length >= 3 && candidate.startsWith(word)) found.set(candidate, 0.75);
    else if (edits > 0 && candidate.length >= 3 && editDistance(word, candidate, edits) <= edits) found.set(candidate, 0.6);
  }
  return found;
}

function wordScore(matches: Map<string, number>, words: Set<string>): number {
  let best = 0;
  for (const [candidate, score] of matches) if (score > best && words.has(candidate)) best = score;
  return best;
}

/** The releases matching `q`, best first. */
export function rankReleases<R extends MatchableRelease>(releases: readonly R[], q: string): RankedRelease<R>[] {
  const words = rewriteQuery(q);
  if (words.length === 0) return [];
  const code = compactCode(q);
  const phrase = words.join(' ');
  const required = words.filter((w) => !isOptionalWord(w));
  const ranked: RankedRelease<R>[] = [];
  const indexed = indexReleases(releases);
  const vocabulary = vocabularyOf(indexed);
  const matches = words.map((w) => wordMatches(w, vocabulary));
  for (const entry of indexed) {
    const codeMatch = code.length >= 6 && entry.code.startsWith(code) ? (entry.code === code ? 2 : 1) : 0;
    let matched = 0;
    let missing = 0;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      // Two query words that are one word of the release ("speed cat" for "Speedcat"): both match.
      if (i + 1 < words.length && entry.words.has(word + words[i + 1])) {
        matched += 2;
        i++;
        continue;
      }
      const s = wordScore(matches[i]!, entry.words);
      if (s > 0) matched += s;
      else if (!isOptionalWord(word)) missing++;
    }
    const complete = missing === 0;
    if (!codeMatch && !(complete || (missing === 1 && required.length >= 3))) continue;
    const phraseScore = entry.phrases.some((p) => p === phrase) ? 2 : entry.phrases.some((p) => ` ${p} `.includes(` ${phrase} `)) ? 1 : 0;
    const score = codeMatch * 10 + phraseScore + matched / words.length - missing * 2 - entry.release.popularityRank / 10_000;
    ranked.push({ release: entry.release as R, score, complete: complete || codeMatch > 0 });
  }
  return ranked.sort((a, b) => b.score - a.score || a.release.popularityRank - b.release.popularityRank);
}

/**
 * "Did you mean": when nothing matches, each word not found in the catalogue is replaced by the
 * closest catalogue word (up to a third of its letters away); returned when that finds a release.
 */
export function suggestQuery<R extends MatchableRelease>(releases: readonly R[], q: string): string | null {
  const words = foldWords(q);
  if (words.length === 0) return null;
  const vocabulary = [...vocabularyOf(indexReleases(releases))].filter((w) => !/\d/.test(w));
  let changed = false;
  const corrected = words.map((word) => {
    if (vocabulary.includes(word) || /\d/.test(word) || word.length < 3) return word;
    const max = Math.max(2, Math.floor(word.length / 3));
    let best: { w: string; d: number } | null = null;
    for (const candidate of vocabulary) {
      const d = editDistance(word, candidate, max);
      if (d <= max && (!best || d < best.d)) best = { w: candidate, d };
    }
    if (!best) return word;
    changed = true;
    return best.w;
  });
  if (!changed) return null;
  const suggestion = corrected.join(' ');
  return rankReleases(releases, suggestion).length > 0 ? suggestion : null;
}

/**
 * The query's words corrected to the catalogue's spelling, for matching listings by text: each
 * word the catalogue lacks becomes the closest catalogue word within the typos tolerated.
 */
export function catalogueSpelling<R extends MatchableRelease>(releases: readonly R[], q: string): string[] {
  const vocabulary = vocabularyOf(indexReleases(releases));
  return rewriteQuery(q).flatMap((word) => {
    const edits = allowedEdits(word);
    let spelled = word;
    if (!vocabulary.has(word) && edits > 0) {
      let best: { w: string; d: number } | null = null;
      for (const candidate of vocabulary) {
        const d = editDistance(word, candidate, edits);
        if (d <= edits && (!best || d < best.d)) best = { w: candidate, d };
      }
      spelled = best?.w ?? word;
    }
    // A listing's text holds "Wu-Tang" as two words: "wutang" is searched as wu and tang.
    const parts = singleWords.has(spelled) ? undefined : joinedParts.get(spelled);
    return parts ?? [spelled];
  });
}
