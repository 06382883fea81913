import type { VerificationCheck } from '../types';

/**
 * Words sellers of replicas use, so buyers in the know find them: "UA" (unauthorised authentic),
 * "1:1", "replica"/"reps", the replica factories' batch names, "mirror"/"AAA" quality. Each is
 * matched as whole words, so "Ultraboost" or "a batch of photos" do not count, and a denial before
 * it ("no reps", "not UA") is an honest seller speaking. "Fake" is left out for the same reason:
 * honest listings say "no fakes" far more often than copies call themselves fake.
 */
export const REPLICA_PATTERNS: ReadonlyArray<{ pattern: RegExp; label: string }> = [
  { pattern: /\bu\.?a\.?\b(?![a-z])/i, label: 'UA' },
  { pattern: /\bunauthori[sz]ed\s+authentic\b/i, label: 'unauthorised authentic' },
  { pattern: /(^|[^\d])1\s*:\s*1(?!\d)|\bone\s+(to|for)\s+one\b/i, label: '1:1' },
  { pattern: /\breplicas?\b|\breps?\b|\brepped\b/i, label: 'replica' },
  { pattern: /\b(pk|ljr|gx|og|h12|god|top|best|kx|lw|vt|dt|xp|m|s2|oq|cj|fk|g|h|ff)\s*-?\s*batch\b/i, label: 'batch name' },
  { pattern: /\bbatch(es)?\s+(pk|ljr|gx|h12|god|from\s+the\s+factory)\b/i, label: 'batch name' },
  { pattern: /\bmirror\s+(quality|grade|copy)\b|\baaa\+?(?!\w)|\b(top|high)\s+quality\s+cop(y|ies)\b|\bknock\s*-?\s*offs?\b/i, label: 'copy grade' },
];

/** "No reps", "not UA", "never replica": an honest seller denying it, not a replica term. */
const DENIAL = /\b(no|not|never|zero|non|nothing|none)\b[\s\w,'-]{0,12}$/i;

/** The first use of the pattern in `text` that is not a denial ("100% real, no reps"). */
function firstUse(pattern: RegExp, text: string): string | null {
  for (const match of text.matchAll(new RegExp(pattern.source, 'gi'))) {
    if (!DENIAL.test(text.slice(Math.max(0, match.index - 20), match.index))) return match[0].trim();
  }
  return null;
}

/** "Deadstock" or "brand new" without the box: real deadstock keeps its box, replicas ship without one. */
const NO_BOX = /\bno\s+(og\s+|original\s+)?box\b|\bwithout\s+(the\s+|a\s+)?(og\s+|original\s+)?box\b|\bbox\s+not\s+included\b/i;
const DEADSTOCK_CLAIM = /\bdeadstock\b|\bds\b|\bbnib\b|\bbrand[\s-]+new\b|\bunworn\b|\bnever\s+worn\b/i;

/**
 * Replica wording anywhere the member wrote: title, model, colorway, style code and description.
 * Critical, weight 10: nobody selling a real pair calls it a "UA 1:1 best batch", and a buyer
 * reading those words is being told it is a copy. "No box" counts only beside a deadstock claim in
 * the text ("DS", "brand new", "unworn"): replicas ship boxless as new, worn real pairs lose boxes.
 */
export const listingWordingCheck: VerificationCheck = {
  name: 'listingWording',
  weight: 10,
  critical: true,
  run({ listing }) {
    const fields = [listing.name, listing.model, listing.colorway, listing.styleCode, listing.description].filter((f): f is string => Boolean(f));
    const text = fields.join(' \n ');
    const expected = 'no replica wording (UA, 1:1, replica, reps, batch names, "no box" beside "deadstock")';
    const found = REPLICA_PATTERNS.map(({ pattern, label }) => {
      const words = firstUse(pattern, text);
      return words ? { label, words } : null;
    }).filter((m): m is { label: string; words: string } => m !== null);
    const noBox = NO_BOX.exec(text);
    // The claim must be in the words: a member picking condition 10 for a pair without its box is not saying "deadstock".
    const deadstock = DEADSTOCK_CLAIM.exec(text);
    if (noBox && deadstock) found.push({ label: 'no box on a deadstock pair', words: `${noBox[0]} + ${deadstock[0]}` });
    if (found.length === 0) {
      return { passed: true, evidence: { observed: 'no replica wording in the listing', expected, summary: 'The listing uses no replica wording.' } };
    }
    const quoted = [...new Set(found.map((f) => `"${f.words}"`))].join(', ');
    return {
      passed: false,
      evidence: { observed: `the listing says ${quoted}`, expected, summary: `The listing uses replica wording (${quoted}): it describes a copy.` },
    };
  },
};
