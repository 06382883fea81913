import { DAY_MS } from '@soleswap/contracts/time';
import type { CatalogReleaseSeed } from '../../catalog/catalog-release-seed';
import { CATALOG_RELEASES } from '../../catalog/data/releases';
import { seededRandom } from '../test-support/generated-photo';
import type { VerificationInput } from '../types';

/**
 * A seeded generator of listings written the way a fake-seller who adapts writes them, and the way
 * honest members write theirs (docs/rules/verification.md, "Held-out measure"). Every listing
 * comes from its own seed through a deterministic PRNG (mulberry32, never Math.random); the seed
 * also decides its half: `tuning` (rules may be adjusted while looking at it) or `heldOut`
 * (measured only: adversarial-corpus.test.ts reads nothing else).
 *
 * Every member is brand new (the hardest case: no track record helps anyone), every photo is the
 * member's own (photos are measured elsewhere), so only the words, the price, the condition and the
 * weak signs decide. Texts are assembled from parts: an opening about the pair, the words under
 * test, a closing; the disguises are applied letter by letter at random.
 */
export const ADVERSARIAL_KINDS = [
  'disguisedWording',
  'plainWording',
  'hedgedDenial',
  'mixedSignals',
  'cheapDeadstock',
  'contradictedCondition',
  'cheapWorn',
] as const;
export const HONEST_KINDS = ['denial', 'innocentTradeWords', 'wornPricedLow', 'deadstockFair', 'newMemberPlain'] as const;
export type CorpusKind = (typeof ADVERSARIAL_KINDS)[number] | (typeof HONEST_KINDS)[number];

export interface AdversarialEntry {
  seed: number;
  half: 'tuning' | 'heldOut';
  label: 'adversarial' | 'honest';
  kind: CorpusKind;
  input: VerificationInput;
}

/** Listings generated per kind, across both halves. */
export const PER_KIND = 120;

const NOW = new Date('2025-12-01T12:00:00Z');

/** The half a seed belongs to, from a hash of the seed (not its parity), so both halves hold every kind in like numbers. */
export function halfOf(seed: number): 'tuning' | 'heldOut' {
  return seededRandom(seed ^ 0x5bd1e995)() < 0.5 ? 'tuning' : 'heldOut';
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

// The replica trade's phrases, as sellers put them in listings (independent of the rule's own vocabulary list).
const TRADE_PHRASES = [
  'reps',
  'rep',
  'replica',
  'replicas',
  'UA',
  'unauthorized authentic',
  '1:1',
  '1:1 quality',
  'mirror quality',
  'AAA quality',
  'LJR batch',
  'PK batch',
  'OG batch',
  'GX batch',
  'H12 batch',
  'best batch',
  'god batch',
  'budget version',
  'same factory as retail',
  'factory variant',
  'top quality copy',
  'super copy',
  'high copy',
  'knockoff',
  'dupe',
  'imitation',
  'counterfeit',
  'bootleg',
  'yupoo link in bio',
  'weidian store',
  'pandabuy haul',
  'QC pics available',
  'retail quality',
  'perfect copy',
  'fake',
  'fakes',
];
const OPENINGS = [
  '{model}, {size} US.',
  'Selling my {model}.',
  '{model} in {colour}.',
  'Pair of {model}, size {size}.',
  '{model}!!',
  'Fresh {model}.',
];
const CLOSINGS = [
  'Ships fast.',
  'DM for more pics.',
  'Trades welcome.',
  'Price is firm.',
  'Comes with extra laces.',
  '',
  'Offers considered.',
  'Happy to show more angles.',
];

const CYRILLIC: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  y: 'у',
  x: 'х',
  i: 'і',
  s: 'ѕ',
  A: 'А',
  E: 'Е',
  O: 'О',
  P: 'Р',
  C: 'С',
  K: 'К',
  M: 'М',
  T: 'Т',
  H: 'Н',
  B: 'В',
  X: 'Х',
};
const GREEK: Record<string, string> = {
  o: 'ο',
  p: 'ρ',
  i: 'ι',
  k: 'κ',
  v: 'ν',
  u: 'υ',
  A: 'Α',
  B: 'Β',
  E: 'Ε',
  I: 'Ι',
  K: 'Κ',
  M: 'Μ',
  N: 'Ν',
  O: 'Ο',
  P: 'Ρ',
  T: 'Τ',
  X: 'Χ',
};
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', b: '8', A: '4', E: '3', I: '1', O: '0', S: '5' };
const ACCENTS: Record<string, string> = { a: 'á', e: 'è', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ' };
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

const swapSome = (random: Random, word: string, table: Record<string, string>, share: number) => {
  const out = [...word].map((ch) => (table[ch] && random() < share ? table[ch] : ch));
  // At least one letter swapped, or the disguise did nothing.
  if (out.join('') === word) {
    const i = [...word].findIndex((ch) => table[ch]);
    if (i >= 0) out[i] = table[out[i]!]!;
  }
  return out.join('');
};

/** The ways sellers hide a word from a filter while buyers in the know still read it. */
const DISGUISES: ReadonlyArray<(random: Random, word: string) => string> = [
  (r, w) => swapSome(r, w, CYRILLIC, 0.6),
  (r, w) => swapSome(r, w, GREEK, 0.6),
  (r, w) => swapSome(r, w, LEET, 0.7),
  (r, w) => swapSome(r, w, ACCENTS, 0.7),
  (r, w) => [...w].join(pick(r, ['.', '-', '_', '*', '·'])),
  (r, w) => [...w].join(' '),
  (r, w) => [...w].map((ch) => (r() < 0.35 ? ch.repeat(2 + Math.floor(r() * 3)) : ch)).join(''),
  (r, w) => [...w].join(pick(r, ZERO_WIDTH)),
  (r, w) => (w.length > 3 ? `${w.slice(0, Math.floor(w.length / 2))}-${w.slice(Math.floor(w.length / 2))}` : [...w].join('.')),
  (r, w) => [...w].map((ch) => (r() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())).join('') + '\u200b',
];

/** Each word of a phrase disguised with one or two disguises drawn for it ("1:1" has no letters to hide and stays). */
function disguise(random: Random, phrase: string): string {
  return phrase
    .split(' ')
    .map((word) => {
      if (!/[a-z]/i.test(word)) return word;
      let out = pick(random, DISGUISES)(random, word);
      if (random() < 0.3) out = pick(random, DISGUISES.slice(0, 4))(random, out);
      return out;
    })
    .join(' ');
}

const HONEST_DENIALS = [
  'Not a replica.',
  'No reps.',
  "I don't sell fakes.",
  'Never fake.',
  '100% not rep.',
  'No fakes, no reps, no UA.',
  'These are not reps.',
  'Legit, not fake.',
  'Zero replicas here.',
  "I don't do reps, receipt included.",
  'No UA, 1:1 or replicas, only retail pairs.',
  'Nothing fake about them.',
  '100% authentic, no reps.',
  "These aren't UA.",
  'Not a rep, bought at the store.',
];
const INNOCENT = [
  'From the first batch of the restock.',
  'OG all, OG box.',
  'Copy of the receipt included.',
  'Patent leather with a mirror finish.',
  'Inspired by the 1985 original colourway.',
  'Beware of fakes out there, this one is legit checked.',
  'Factory laces still in.',
  'Not the original box, a replacement.',
  'Got them through my old sales rep job.',
  'Fake buyers stay away please.',
  'Original box, retail receipt.',
  'If not authentic, full refund.',
  'Real leather upper, not real suede on the heel.',
  'Factory fresh.',
];
const HEDGED_DENIALS = [
  'Not UA but close.',
  'Not a rep but nobody can tell.',
  'No box, rep.',
  'Not 1:1 but very close.',
  'Not original, good quality.',
  'No fakes, these are reps.',
  'Rep but good quality.',
];
const WORN_WORDS = [
  'Worn a handful of times.',
  'Light creasing on the toe box.',
  'Worn for a season, cleaned.',
  'Some heel drag, soles fine.',
  'Beaters, still comfy.',
  'Used, no box.',
  'Worn, no box (lost in a move).',
];

function releaseFor(random: Random): CatalogReleaseSeed {
  const releases = CATALOG_RELEASES.filter((r) => new Date(`${r.releaseDate}T00:00:00Z`).getTime() < NOW.getTime() - 120 * DAY_MS);
  return pick(random, releases);
}

/** A plausible size in the run, away from its ends (sizes at the ends are a sign of their own: the generator draws them only where a kind asks). */
const middleSize = (random: Random, release: CatalogReleaseSeed) => {
  const inner = release.sizes.length > 4 ? release.sizes.slice(1, -1) : release.sizes;
  return pick(random, inner);
};

function fill(template: string, release: CatalogReleaseSeed, size: string): string {
  return template.replace('{model}', release.model).replace('{colour}', release.colorway.split('/')[0]!).replace('{size}', size);
}

function baseInput(seed: number, random: Random, release: CatalogReleaseSeed): VerificationInput {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return {
    listing: {
      ownerId: `member-${seed}`,
      name: release.name,
      brand: release.brand,
      model: release.model,
      colorway: release.colorway,
      size: middleSize(random, release),
      condition: '9',
      estimatedValueCents: release.marketPrice * 100,
      styleCode: random() < 0.8 ? release.styleCode : null,
      purchaseDate: null,
      description: null,
    },
    release: { ...release, sizes: release.sizes },
    images: [{ kind: 'photo', width: 1200, height: 900, fingerprint: hex }],
    otherListingImages: [],
    owner: { accountCreatedAt: new Date(NOW.getTime() - Math.floor(1 + random() * 20) * DAY_MS), completedTrades: 0, reputation: '0.00' },
    market: { marketPrice: release.marketPrice * 100, low: release.priceRangeLow * 100, high: release.priceRangeHigh * 100, source: 'internal' },
    now: NOW,
  };
}

const market = (input: VerificationInput) => input.market!.marketPrice;
const wear = (condition: number) => Math.min(1, Math.max(0.3, 1 - (10 - condition) * 0.1));
const condition = (random: Random, from: number, to: number) => String(Math.round(between(random, from, to) * 2) / 2);

/** Builds one listing of `kind` from `seed`. */
export function buildEntry(kind: CorpusKind, seed: number): AdversarialEntry {
  const random = seededRandom(seed);
  const release = releaseFor(random);
  const input = baseInput(seed, random, release);
  const l = input.listing;
  const open = fill(pick(random, OPENINGS), release, l.size);
  const close = pick(random, CLOSINGS);
  const fairPrice = (c: number) => Math.round(market(input) * wear(c) * between(random, 0.88, 1.12));
  const say = (...parts: string[]) => parts.filter(Boolean).join(' ');
  l.condition = condition(random, 8, 10);
  l.estimatedValueCents = fairPrice(Number(l.condition));
  let label: AdversarialEntry['label'] = 'adversarial';

  switch (kind) {
    case 'disguisedWording':
      l.description = say(open, disguise(random, pick(random, TRADE_PHRASES)) + pick(random, ['.', ',', '!', '']), close);
      break;
    case 'plainWording':
      l.description = say(open, pick(random, TRADE_PHRASES) + '.', close);
      if (random() < 0.2) l.name = `${release.name} ${pick(random, ['UA', 'reps', '1:1', 'LJR'])}`;
      break;
    case 'hedgedDenial':
      l.description = say(open, pick(random, HEDGED_DENIALS), close);
      break;
    case 'mixedSignals': {
      // A new account plus two or three other weak signs, none of them a veto alone.
      const signs = ['cheap', 'noBox', 'haste', 'noReceipt', 'offPlatform', 'edgeSize', 'tierWord']
        .sort(() => random() - 0.5)
        .slice(0, 2 + Math.floor(random() * 2));
      l.condition = condition(random, 9.5, 10);
      const parts = [open];
      if (signs.includes('cheap')) l.estimatedValueCents = Math.round(release.priceRangeLow * 100 * between(random, 0.73, 0.86));
      if (signs.includes('noBox')) parts.push(pick(random, ['No box.', 'Comes without box.', 'Box missing.', 'No OG box.']));
      if (signs.includes('haste'))
        parts.push(pick(random, ['Quick sale.', 'Need gone today.', 'Must go, no questions asked.', 'Urgent, need cash.']));
      if (signs.includes('noReceipt')) parts.push(pick(random, ['No receipt.', 'Lost the receipt.', 'No proof of purchase.']));
      if (signs.includes('offPlatform'))
        parts.push(pick(random, ['Cash only.', 'WhatsApp me.', 'Zelle or Venmo.', 'PayPal friends and family.', 'Telegram for faster reply.']));
      if (signs.includes('edgeSize')) l.size = random() < 0.5 ? release.sizes[0]! : release.sizes.at(-1)!;
      if (signs.includes('tierWord')) parts.push(pick(random, ['God tier pair.', 'Top tier.', 'B-grade.', 'Inspired version.']));
      parts.push(close);
      l.description = say(...parts);
      break;
    }
    case 'cheapDeadstock':
      l.condition = pick(random, ['10', '10', '9.5']);
      l.estimatedValueCents = Math.round(market(input) * between(random, 0.4, 0.64));
      l.description = say(open, pick(random, ['Brand new.', 'Deadstock.', 'DS, original box.', 'Never worn.', 'Unworn, with box.', '']), close);
      break;
    case 'contradictedCondition':
      l.condition = condition(random, 3, 7);
      l.estimatedValueCents = Math.round(market(input) * between(random, 0.25, 0.55));
      l.description = say(
        open,
        pick(random, ['Brand new, deadstock.', 'DS, never worn.', 'BNIB.', 'Brand new in box.', 'Unworn deadstock pair.']),
        close,
      );
      break;
    case 'cheapWorn': {
      l.condition = condition(random, 6, 9);
      const floorShare = Math.min(0.7, Math.max(0.45, 0.7 - (10 - Number(l.condition)) * 0.05));
      l.estimatedValueCents = Math.round(market(input) * wear(Number(l.condition)) * floorShare * between(random, 0.4, 0.9));
      l.description = say(open, pick(random, WORN_WORDS), close);
      break;
    }
    case 'denial':
      label = 'honest';
      l.description = say(open, pick(random, HONEST_DENIALS), random() < 0.5 ? pick(random, WORN_WORDS) : '', close);
      if (!/worn|used|creas|drag|beater/i.test(l.description)) l.condition = condition(random, 9, 10);
      else l.condition = condition(random, 6, 9);
      l.estimatedValueCents = fairPrice(Number(l.condition));
      break;
    case 'innocentTradeWords':
      label = 'honest';
      l.description = say(open, pick(random, INNOCENT), close);
      break;
    case 'wornPricedLow':
      label = 'honest';
      // Honest worn pairs, priced low for their wear: 60 to 90% of the wear-scaled market price, some without their box.
      l.condition = condition(random, 3, 8.5);
      l.estimatedValueCents = Math.round(market(input) * wear(Number(l.condition)) * between(random, 0.6, 0.9));
      l.description = say(open, pick(random, WORN_WORDS), close);
      break;
    case 'deadstockFair':
      label = 'honest';
      l.condition = '10';
      l.estimatedValueCents = Math.round(market(input) * between(random, 0.85, 1.15));
      l.description = say(
        open,
        pick(random, ['Deadstock, original box and receipt.', 'Brand new in box.', 'DS, never worn, receipt included.', 'BNIB, tags on.', 'Unworn.']),
        close,
      );
      break;
    case 'newMemberPlain':
      label = 'honest';
      l.description = random() < 0.2 ? null : say(open, random() < 0.5 ? pick(random, WORN_WORDS) : 'Original box.', close);
      if (l.description && /worn|used|creas|drag|beater/i.test(l.description)) l.condition = condition(random, 5, 9);
      l.estimatedValueCents = fairPrice(Number(l.condition));
      if (random() < 0.15) l.size = random() < 0.5 ? release.sizes[0]! : release.sizes.at(-1)!;
      break;
  }
  return { seed, half: halfOf(seed), label, kind, input };
}

/** The whole corpus: PER_KIND listings of every kind, seeds 1,000 apart per kind. */
export function buildAdversarialCorpus(): AdversarialEntry[] {
  const kinds: CorpusKind[] = [...ADVERSARIAL_KINDS, ...HONEST_KINDS];
  return kinds.flatMap((kind, k) => Array.from({ length: PER_KIND }, (_, i) => buildEntry(kind, 50_000 + k * 1_000 + i)));
}
