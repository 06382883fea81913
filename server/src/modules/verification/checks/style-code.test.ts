import { describe, expect, it } from 'vitest';
import { CATALOG_RELEASES } from '../../catalog/data/releases';
import { buildInput } from '../test-support/build-input';
import { styleCodeCheck } from './style-code';
import { styleCodeFormat } from './style-code-formats';

const unlinked = (brand: string, styleCode: string | null) => styleCodeCheck.run(buildInput({ release: null, listing: { brand, styleCode } }));

describe('styleCode', () => {
  it("accepts the style code of every release in the shipped catalogue under its brand's format", () => {
    const rejected = CATALOG_RELEASES.filter((r) => !styleCodeFormat(r.brand).pattern.test(r.styleCode)).map((r) => `${r.brand} ${r.styleCode}`);
    expect(rejected).toEqual([]);
  });

  it("knows each brand's shapes", () => {
    expect(unlinked('Nike', 'DZ5485-612').passed).toBe(true);
    expect(unlinked('Jordan', '555088-134').passed).toBe(true);
    expect(unlinked('Adidas', 'IF1234').passed).toBe(true);
    expect(unlinked('New Balance', 'U9060BLK').passed).toBe(true);
    expect(unlinked('Nike', 'dz5485 612').passed).toBe(true);
    expect(unlinked('Adidas', 'DZ5485-612').passed).toBe(false);
    expect(unlinked('New Balance', 'IF1234').passed).toBe(false);
  });

  it('fails an unknown code and shows the format it expected', () => {
    const outcome = unlinked('Jordan', 'AJ4-BRED-2024');
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence).toMatchObject({ observed: 'style code AJ4-BRED-2024', summary: 'AJ4-BRED-2024 is not a Jordan style code.' });
    expect(outcome.evidence.expected).toMatch(/DZ5485-612/);
  });

  it("fails a well-formed code that is not the linked release's", () => {
    const outcome = styleCodeCheck.run(buildInput({ listing: { styleCode: 'DZ5485-612' } }));
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.expected).toBe('FV5029-006 (the linked release)');
  });

  it('fails without a style code', () => {
    expect(unlinked('Nike', null).evidence.summary).toBe('No style code was given to check.');
  });
});
