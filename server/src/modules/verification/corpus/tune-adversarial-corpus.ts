import { buildAdversarialCorpus } from './adversarial-corpus';
import { describeMeasure, measureCorpus } from './measure-corpus';

/**
 * The tuning half's numbers and mistakes, for adjusting the rules (`npx tsx
 * server/src/modules/verification/corpus/tune-adversarial-corpus.ts`). It never reads the held-out
 * half: that one is read only by adversarial-corpus.test.ts.
 */
const measure = measureCorpus(buildAdversarialCorpus().filter((e) => e.half === 'tuning'));
console.log(describeMeasure('tuning half', measure));
for (const mistake of measure.mistakes) console.log(`  wrong: ${mistake}`);
