import type { VerificationCheck } from '../types';
import { findReplicaTerms, type TermUse } from '../wording/find-replica-terms';
import { readListingClaims } from '../wording/listing-claims';
import { isUnderArmour, listingText } from '../wording/listing-text';

/** The trade's words the listing uses that say it is a copy: any admission, and any word written in disguise. */
export function replicaAdmissions(uses: readonly TermUse[]): TermUse[] {
  return uses.filter((u) => u.kind === 'admission' || u.disguised);
}

/** The trade's words honest members also use ("god tier", "fakes", "inspired"), used plainly: one warning sign each (warning-signs.ts). */
export function ambiguousTerms(uses: readonly TermUse[]): TermUse[] {
  return uses.filter((u) => u.kind === 'ambiguous' && !u.disguised);
}

/** The trade terms of the listing, read as listingWording reads them. */
export function listingTermUses(listing: Parameters<typeof listingText>[0] & Parameters<typeof isUnderArmour>[0]): TermUse[] {
  return findReplicaTerms(listingText(listing), { ignore: isUnderArmour(listing) ? ['UA'] : [] });
}

/**
 * Replica wording anywhere the member wrote: title, model, colorway, style code and description,
 * read after undoing disguises (look-alike letters, digits for letters, letters split apart,
 * invisible characters: wording/normalise-wording.ts) against the trade's vocabulary
 * (wording/replica-vocabulary.ts). A denial ("not a replica", "no reps", "I don't sell fakes") is
 * an honest seller speaking, unless hedged ("not UA but close"). Critical, weight 10: nobody
 * selling a real pair calls it a "UA 1:1 best batch", and a buyer reading those words is being told
 * it is a copy. "No box" counts only beside a deadstock claim in the text ("DS", "brand new",
 * "unworn"): replicas ship boxless as new, worn real pairs lose boxes.
 */
export const listingWordingCheck: VerificationCheck = {
  name: 'listingWording',
  weight: 10,
  critical: true,
  run({ listing }) {
    const expected =
      'no replica wording (UA, 1:1, replica, reps, batch names, copy grades, buying agents, any of them disguised; "no box" beside "deadstock")';
    const found = replicaAdmissions(listingTermUses(listing)).map((u) => ({ words: u.disguised ? `${u.words}, disguised` : u.words }));
    const claims = readListingClaims(listingText(listing));
    // The claim must be in the words: a member picking condition 10 for a pair without its box is not saying "deadstock".
    if (claims.noBox && claims.deadstock) found.push({ words: `${claims.noBox} + ${claims.deadstock}` });
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
