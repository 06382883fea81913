import { isWord, normaliseWording, squeeze, type WordingToken, type WordToken } from './normalise-wording';
import { DENIAL_FILLER, HEDGES, NEGATORS, ONE_WORD_TERMS, REPLICA_TERMS, type ReplicaTerm, type TermKind } from './replica-vocabulary';

/** One use of a trade term that the text does not deny. */
export interface TermUse {
  label: string;
  kind: TermKind;
  /** The words as read (plain spelling), e.g. "reps" for "r3ps". */
  words: string;
  /** Written in disguise (look-alike letters, digits for letters, split apart, invisible characters). */
  disguised: boolean;
}

/** How far back a denial reaches: "I do not sell any kind of reps" is six words. */
const DENIAL_REACH = 6;
/** How far after "but" a hedge may follow: "not UA but honestly very close". */
const HEDGE_REACH = 4;

const matches = (token: WordToken, spellings: ReadonlySet<string>) =>
  spellings.has(token.key) ? 'plain' : token.alt !== undefined && spellings.has(token.alt) ? 'alt' : null;

/**
 * Letters spaced inside a word ("re plica", "rep lica", "fa ke"): two or three neighbouring words
 * that make one word of the vocabulary, and are not each a word of it already, are read as it.
 */
function joinSplitTerms(tokens: WordingToken[]): WordingToken[] {
  const out: WordingToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined: WordToken | null = null;
    let used = 1;
    for (const span of [3, 2]) {
      const run = tokens.slice(i, i + span);
      if (run.length < span || !run.every(isWord)) continue;
      const key = squeeze(run.map((t) => t.key).join(''));
      if (ONE_WORD_TERMS.has(key) && !run.some((t) => ONE_WORD_TERMS.has(t.key))) {
        joined = { key, disguised: true };
        used = span;
        break;
      }
    }
    if (joined) {
      out.push(joined);
      i += used - 1;
    } else out.push(tokens[i]!);
  }
  return out;
}

/** Each term's words run together ("mirrorquality", "ljrbatch"), four letters and longer, to find inside letters written apart. */
const COMPACT_TERMS: ReadonlyArray<{ compact: string; term: ReplicaTerm }> = REPLICA_TERMS.filter((t) => !t.isDenial).flatMap((term) =>
  term.words
    .reduce<string[]>((acc, spellings) => acc.flatMap((prefix) => [...spellings].map((s) => prefix + s)), [''])
    .map((compact) => ({ compact: squeeze(compact), term }))
    .filter(({ compact }) => compact.length >= 4),
);

const termWordSet = new Set(REPLICA_TERMS.flatMap((t) => t.words.flatMap((w) => [...w])));

/**
 * True when a denial governs the word at `start`: a negator earlier in the clause with only filler
 * between ("I don't sell fakes", "no UA, 1:1 or reps"), and no hedge after it ("not UA but close").
 * A comma is crossed only inside a list of trade words, so "no fakes, these are reps" is no denial of "reps".
 */
function isDenied(tokens: WordingToken[], start: number, end: number): boolean {
  let onlyList = true;
  let steps = 0;
  let denied = false;
  for (let i = start - 1; i >= 0 && steps <= DENIAL_REACH; i--) {
    const token = tokens[i]!;
    if (!isWord(token)) {
      if (token.boundary === 'comma' && onlyList) continue;
      break;
    }
    steps++;
    if (NEGATORS.has(token.key) || (token.alt !== undefined && NEGATORS.has(token.alt))) {
      denied = true;
      break;
    }
    const isListWord = termWordSet.has(token.key) || token.key === 'or' || token.key === 'and' || token.key === 'nor';
    if (!isListWord) onlyList = false;
    if (!DENIAL_FILLER.has(token.key) && !termWordSet.has(token.key)) break;
  }
  if (!denied) return false;
  // "Not UA but close", "not a rep but good quality": the denial is taken back.
  for (let i = end; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isWord(token)) continue;
    if (token.boundary !== 'clause') continue;
    const next = tokens[i + 1];
    if (!isWord(next) || next.key !== 'but') return true;
    const after = tokens.slice(i + 2, i + 2 + HEDGE_REACH).filter(isWord);
    return !after.some((t) => HEDGES.has(t.key));
  }
  return true;
}

/** The two words before `start` in its clause ("beware of fakes", "refund if not authentic"). */
function wordsBefore(tokens: WordingToken[], start: number): WordToken[] {
  const before: WordToken[] = [];
  for (let i = start - 1; i >= 0 && before.length < 2; i--) {
    const token = tokens[i]!;
    if (!isWord(token)) break;
    before.push(token);
  }
  return before;
}

function matchAt(tokens: WordingToken[], start: number, term: ReplicaTerm): { end: number; disguised: boolean } | null {
  let disguised = false;
  for (let k = 0; k < term.words.length; k++) {
    const token = tokens[start + k];
    if (!isWord(token)) return null;
    const how = matches(token, term.words[k]!);
    if (!how) return null;
    disguised ||= token.disguised || how === 'alt';
  }
  return { end: start + term.words.length, disguised };
}

/**
 * Every use of the replica trade's terms in `text` that the text does not deny, read after
 * normalising its spelling. `ignore` drops labels that mean something else for this listing
 * ("UA" on an Under Armour pair).
 */
export function findReplicaTerms(text: string, { ignore = [] }: { ignore?: readonly string[] } = {}): TermUse[] {
  const tokens = joinSplitTerms(normaliseWording(text));
  const uses: TermUse[] = [];
  for (let start = 0; start < tokens.length; start++) {
    const token = tokens[start]!;
    // "m i r r o r q u a l i t y": several words written apart, run together.
    if (isWord(token) && token.spaced && !ONE_WORD_TERMS.has(token.key) && !isDenied(tokens, start, start + 1)) {
      const inside = COMPACT_TERMS.find(({ compact, term }) => token.key.includes(compact) && !ignore.includes(term.label));
      if (inside) uses.push({ label: inside.term.label, kind: inside.term.kind, words: inside.compact, disguised: true });
    }
    for (const term of REPLICA_TERMS) {
      if (ignore.includes(term.label)) continue;
      const hit = matchAt(tokens, start, term);
      if (!hit) continue;
      const next = tokens[hit.end];
      if (term.unlessNext && isWord(next) && term.unlessNext.has(next.key)) continue;
      const kind = term.partsOnlyBefore && isWord(next) && term.partsOnlyBefore.has(next.key) && !hit.disguised ? 'ambiguous' : term.kind;
      if (term.unlessBefore && wordsBefore(tokens, start).some((w) => term.unlessBefore!.has(w.key))) continue;
      if (!term.isDenial && isDenied(tokens, start, hit.end)) continue;
      const words = tokens
        .slice(start, hit.end)
        .map((t) => (isWord(t) ? (t.alt && !term.words.some((w) => w.has(t.key)) ? t.alt : t.key) : ''))
        .join(' ');
      uses.push({ label: term.label, kind, words, disguised: hit.disguised });
    }
  }
  return uses;
}
