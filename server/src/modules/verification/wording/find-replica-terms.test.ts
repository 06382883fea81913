import { describe, expect, it } from 'vitest';
import { findReplicaTerms } from './find-replica-terms';

const admissions = (text: string) => findReplicaTerms(text).filter((u) => u.kind === 'admission' || u.disguised);
const ambiguous = (text: string) => findReplicaTerms(text).filter((u) => u.kind === 'ambiguous' && !u.disguised);

describe('findReplicaTerms: the trade written in disguise', () => {
  it.each([
    ['r3ps available', 'reps'],
    ['r.e.p pair', 'rep'],
    ['r e p s, all sizes', 'reps'],
    ['rep-lica, great shape', 'replica'],
    ['re plica', 'replica'],
    ['reeeps here', 'reps'],
    ['r\u0435\u0440s (Cyrillic e and r)', 'reps'],
    ['r\u03b5\u03c1s (Greek epsilon and rho)', 'reps'],
    ['rèp', 'rep'],
    ['r\u200be\u200bp with zero-width spaces', 'rep'],
    ['ｒｅｐｓ in full width', 'reps'],
    ['f4ke but clean', 'fake'],
    ['fake but clean', 'fake'],
    ['r3pl1ca', 'replica'],
    ['u.a. pair', 'ua'],
    ['U A', 'ua'],
    ['1 : 1 quality', '1:1'],
    ['1to1', '1:1'],
    ['one to one copy', 'one to one'],
    ['G0D B4TCH', 'god batch'],
    ['LJR batch', 'ljr batch'],
    ['pk batch', 'pk batch'],
    ['OG batch, comes with box', 'og batch'],
    ['a a a quality', 'aaa'],
    ['same factory as retail', 'same factory'],
    ['factory variant', 'factory variant'],
    ['budget version, looks the same', 'budget version'],
    ['top quality copy', 'quality copy'],
    ['knock-off', 'knockof'],
    ['unauthorised authentic', 'unauthorised authentic'],
    ['link to my weidian', 'weidian'],
    ['QC pics available', 'qc pics'],
    ['dupe of the Travis', 'dupe'],
    ['not original, good quality', 'not original'],
    ['g0d tier', 'god tier'],
  ])('reads "%s" as the trade word "%s"', (text, words) => {
    expect(admissions(text).map((u) => u.words)).toContain(words);
  });

  it('says which uses were disguised', () => {
    expect(findReplicaTerms('reps')[0]).toMatchObject({ disguised: false });
    expect(findReplicaTerms('r3ps')[0]).toMatchObject({ disguised: true });
    expect(findReplicaTerms('r.e.p.s')[0]).toMatchObject({ disguised: true });
  });
});

describe('findReplicaTerms: denials', () => {
  it.each([
    'not a replica',
    'no reps',
    "I don't sell fakes",
    'I dont sell fakes',
    'never fake',
    '100% not rep',
    'these are not reps',
    "these aren't reps",
    'No UA, 1:1 or reps.',
    'legit, not fake',
    'zero replicas here',
    'nothing fake about them',
    'I do not sell any kind of reps',
    'n0 r3ps',
    "Don't buy fakes, this pair is legit",
  ])('lets the honest seller say "%s"', (text) => {
    expect(admissions(text)).toEqual([]);
    expect(ambiguous(text)).toEqual([]);
  });

  it.each([
    ['rep but good quality', 'rep'],
    ['not UA but close', 'ua'],
    ['not a rep but nobody can tell', 'rep'],
    ['no box, rep', 'rep'],
    ['no fakes, these are reps', 'reps'],
    ['not sure if rep', 'rep'],
    ["won't find better reps", 'reps'],
  ])('reads a mixed case "%s" as the admission it is', (text, words) => {
    expect(admissions(text).map((u) => u.words)).toContain(words);
  });
});

describe('findReplicaTerms: honest words that look like the trade', () => {
  it.each([
    'not the original box',
    'no original box, replacement box instead',
    'From the first batch of the restock',
    'Jordan 1 OG high, OG all',
    'mirror finish on the patent leather',
    'copy of the receipt included',
    'factory fresh, factory laces',
    'inspired by the 1985 original',
    'beware of fakes, buy legit',
    'fake buyers stay away',
    'If not authentic, full refund',
    'not real leather, synthetic upper',
    'sales rep discount',
    'rep your city',
    'Ultraboost 1.0, worn twice',
    'size 10.5 US, style code FV5029-006',
    'AJ1 H12',
  ])('finds no admission in "%s"', (text) => {
    expect(admissions(text)).toEqual([]);
  });

  it('reads "UA" as Under Armour on its pairs when told to', () => {
    expect(findReplicaTerms('UA Curry 4, worn twice')).toEqual([]);
    expect(admissions('UA 1:1').map((u) => u.label)).toEqual(['UA', '1:1']);
    expect(findReplicaTerms('UA HOVR', { ignore: ['UA'] })).toEqual([]);
  });

  it('counts words honest members also use as ambiguous, not as admissions', () => {
    expect(ambiguous('god tier colorway').map((u) => u.words)).toEqual(['god tier']);
    expect(ambiguous('B-grade from the Nike outlet').map((u) => u.label)).toEqual(['B-grade']);
    expect(ambiguous('comes in a replica box').map((u) => u.label)).toEqual(['replica']);
    expect(admissions('god tier colorway')).toEqual([]);
    // A receipt or the pair itself is not a part: an admission.
    expect(admissions('replica receipt').map((u) => u.label)).toEqual(['replica']);
  });
});
