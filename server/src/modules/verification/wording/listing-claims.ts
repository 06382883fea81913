import { isWord, normaliseWording, squeeze, type WordingToken } from './normalise-wording';
import { NEGATORS } from './replica-vocabulary';

/**
 * What a listing's words claim about the pair besides replica talk, read after the same
 * normalising (normalise-wording.ts): that it is deadstock, that it shows wear, that the box or the
 * receipt is missing, haste to sell, or payment away from the platform. Used by the price check
 * (a pair said to be deadstock is priced as deadstock) and by the warning signs.
 */
export interface ListingClaims {
  /** "Deadstock", "DS", "brand new", "BNIB", "unworn", "never worn", not denied ("not DS") nor hedged ("like new"). */
  deadstock: string | null;
  /** "Worn", "creasing", "scuffs", "beaters", not denied ("never worn", "no creases"). */
  wear: string | null;
  noBox: string | null;
  noReceipt: string | null;
  /** "Quick sale", "need gone today", "no questions asked". */
  haste: string | null;
  /** "Cash only", "WhatsApp me", "Zelle", "PayPal friends and family": away from the platform's escrow. */
  offPlatform: string | null;
}

type Phrase = readonly string[];
const phrases = (...list: string[]): Phrase[] => list.map((p) => p.split(' ').map(squeeze));

const DEADSTOCK = phrases(
  'deadstock',
  'dead stock',
  'ds',
  'bnib',
  'bnwb',
  'nib',
  'new in box',
  'brand new',
  'brandnew',
  'unworn',
  'never worn',
  'never been worn',
  'not worn',
  'tags on',
  'tags still on',
);
/** Words that soften "new" into a condition ("like new", "almost deadstock"). */
const HEDGED = new Set(
  ['like', 'almost', 'basically', 'practically', 'nearly', 'near', 'looks', 'look', 'feels', 'as', 'virtually', 'pretty', 'vnds', 'close'].map(
    squeeze,
  ),
);
const WEAR = phrases(
  'worn',
  'wore',
  'creases',
  'creasing',
  'creased',
  'crease',
  'scuffs',
  'scuffed',
  'scuff',
  'yellowing',
  'yellowed',
  'beaters',
  'beater',
  'beat up',
  'used',
  'wear',
  'toe box crease',
  'sole wear',
  'heel drag',
);
const NO_BOX = phrases(
  'no box',
  'no og box',
  'no original box',
  'without box',
  'without the box',
  'without original box',
  'without the original box',
  'missing box',
  'box missing',
  'box not included',
  'no box included',
  'box lost',
  'lost the box',
  'no lid',
  'without a box',
);
const NO_RECEIPT = phrases(
  'no receipt',
  'no receipts',
  'without receipt',
  'without a receipt',
  'receipt lost',
  'lost the receipt',
  'no proof of purchase',
);
const HASTE = phrases(
  'quick sale',
  'fast sale',
  'need gone',
  'needs to go',
  'must go',
  'asap',
  'today only',
  'first come',
  'no questions',
  'no questions asked',
  'urgent',
  'need cash',
  'need money',
  'moving sale',
  'priced to go',
  'gone today',
);
const OFF_PLATFORM = phrases(
  'cash only',
  'whatsapp',
  'telegram',
  'wechat',
  'zelle',
  'venmo',
  'cashapp',
  'cash app',
  'friends and family',
  'paypal ff',
  'paypal fnf',
  'off platform',
  'outside the app',
  'outside soleswap',
  'wire transfer',
  'western union',
  'crypto',
  'bitcoin',
);

/** Where `phrase` starts in `tokens` (inside one clause), or -1 from `from` on. */
function findPhrase(tokens: WordingToken[], phrase: Phrase, from = 0): number {
  outer: for (let i = from; i < tokens.length; i++) {
    for (let k = 0; k < phrase.length; k++) {
      const token = tokens[i + k];
      if (!isWord(token) || (token.key !== phrase[k] && token.alt !== phrase[k])) continue outer;
    }
    return i;
  }
  return -1;
}

/** The first phrase used whose word before it is not a denial (nor, with `hedges`, a softening). */
function firstClaim(tokens: WordingToken[], list: Phrase[], { hedges = false } = {}): string | null {
  for (const phrase of list) {
    for (let at = findPhrase(tokens, phrase); at >= 0; at = findPhrase(tokens, phrase, at + 1)) {
      const before = [tokens[at - 1], tokens[at - 2]].filter(isWord).slice(0, isWord(tokens[at - 1]) ? 2 : 0);
      // "never worn" is a claim of deadstock; "not worn" too. Phrases that start with the denial are read whole.
      const denied = !NEGATORS.has(phrase[0]!) && before.some((t) => NEGATORS.has(t.key));
      const hedged = hedges && before.some((t) => HEDGED.has(t.key));
      if (!denied && !hedged) return phrase.join(' ');
    }
  }
  return null;
}

export function readListingClaims(text: string): ListingClaims {
  const tokens = normaliseWording(text);
  const deadstock = firstClaim(tokens, DEADSTOCK, { hedges: true });
  return {
    deadstock,
    wear: firstClaim(tokens, WEAR),
    noBox: firstClaim(tokens, NO_BOX),
    noReceipt: firstClaim(tokens, NO_RECEIPT),
    haste: firstClaim(tokens, HASTE),
    offPlatform: firstClaim(tokens, OFF_PLATFORM),
  };
}
