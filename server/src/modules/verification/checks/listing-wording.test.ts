import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { listingWordingCheck } from './listing-wording';

const says = (description: string | null, extra: Record<string, unknown> = {}) =>
  listingWordingCheck.run(buildInput({ listing: { description, ...extra } }));

describe('listingWording', () => {
  it.each([
    'UA 1:1 replica, best batch',
    'Top tier reps, PK batch',
    'LJR batch, comes with receipt',
    'unauthorized authentic pair, great quality',
    'Mirror quality, looks retail',
    'AAA+ quality, fast shipping',
    'Deadstock, no box',
  ])('fails "%s" and quotes it', (description) => {
    const outcome = says(description);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.observed).toMatch(/^the listing says "/);
    expect(listingWordingCheck.critical).toBe(true);
  });

  it('reads the title, model and colorway too', () => {
    expect(says(null, { name: 'Jordan 4 Bred UA' }).passed).toBe(false);
    expect(says(null, { colorway: 'Black/Red 1:1' }).passed).toBe(false);
  });

  it.each([
    'Worn a handful of times, cleaned after every wear. Original box.',
    '100% authentic, no reps, no fakes. Receipt from Nike SNKRS.',
    'Ultraboost 1.0 in great shape, worn twice, no box (lost in a move).',
    'Light creasing, size 10.5, bought at retail. Not UA.',
    'Deadstock with the original box and receipt.',
    'From the first batch of the restock, 2024.',
  ])('passes honest wording: "%s"', (description) => {
    expect(says(description, { condition: '8' }).passed).toBe(true);
  });

  it('counts "no box" only beside a deadstock claim in the words', () => {
    expect(says('Worn twice, no box', { condition: '8' }).passed).toBe(true);
    expect(says('No box, sorry', { condition: '10' }).passed).toBe(true);
    expect(says('DS, no box', { condition: '10' }).passed).toBe(false);
    expect(says('Brand new, without the original box', { condition: '9' }).passed).toBe(false);
  });

  it.each([
    'r3ps, all sizes',
    'r.e.p pair',
    'r e p s',
    'rep-lica',
    'r\u0435\u0440s',
    'f4ke but clean',
    'U\u200bA',
    'G0D B4TCH',
    'g0d tier',
    'same factory as retail',
  ])('fails the trade written in disguise: "%s"', (description) => {
    const outcome = says(description);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.observed).toMatch(/^the listing says "/);
  });

  it.each([
    'Not a replica.',
    "I don't sell fakes.",
    'Never fake, 100% not rep.',
    'No UA, 1:1 or reps.',
    'Beware of fakes, this one is legit checked.',
    'If not authentic, full refund.',
  ])('passes an honest denial: "%s"', (description) => {
    expect(says(description, { condition: '8' }).passed).toBe(true);
  });

  it.each(['Not UA but close.', 'Rep but good quality.', 'No fakes, these are reps.', 'Not original, good quality.'])(
    'fails a hedged or mixed case: "%s"',
    (description) => {
      expect(says(description, { condition: '8' }).passed).toBe(false);
    },
  );

  it('reads "UA" on an Under Armour pair as the brand', () => {
    expect(says('UA Curry Flow 10, worn twice', { brand: 'Under Armour', condition: '8' }).passed).toBe(true);
  });
});
