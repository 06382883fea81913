import { describe, expect, it } from 'vitest';
import { brandPattern, containsPattern, escapeLike, escapeRegex, tokenizeQuery, wordStartPattern, wordTrigrams } from './search-text';

describe('search words', () => {
  it('lowercases, splits on any whitespace, drops repeats and caps the count', () => {
    expect(tokenizeQuery('  Jordan 4\tBRED  jordan ')).toEqual(['jordan', '4', 'bred']);
    expect(tokenizeQuery('')).toEqual([]);
    expect(tokenizeQuery(undefined)).toEqual([]);
    expect(tokenizeQuery('a b c d e f g h')).toHaveLength(6);
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(brandPattern('New Balance')).toBe('% new balance %');
  });

  it('escapes regex metacharacters', () => {
    expect(escapeRegex('a.b*(c)[d]+?^$|{1}\\-')).toBe('a\\.b\\*\\(c\\)\\[d\\]\\+\\?\\^\\$\\|\\{1\\}\\\\\\-');
  });

  it('anchors a word-start match at the start of the text or after a separator', () => {
    const re = (token: string) => new RegExp(wordStartPattern(token));
    expect(re('red').test('black/fire red-cement')).toBe(true);
    expect(re('cement').test('black/fire red-cement')).toBe(true);
    expect(re('bred').test("air jordan 4 retro 'bred reimagined'")).toBe(true);
    expect(re('red').test('jordan bred')).toBe(false);
    expect(re('air').test('air max 1')).toBe(true);
    expect(re('a.r').test('air max')).toBe(false);
  });

  it('names the trigrams a substring match implies: three letters or digits in a row', () => {
    expect(wordTrigrams('grey')).toEqual(['gre', 'rey']);
    expect(wordTrigrams('350')).toEqual(['350']);
    expect(wordTrigrams('yeezy-350v2')).toEqual(['yee', 'eez', 'ezy', '350', '50v', '0v2']);
    expect(wordTrigrams('og')).toEqual([]);
    expect(wordTrigrams('1-og')).toEqual([]);
    expect(wordTrigrams('café')).toEqual(['caf']);
    expect(wordTrigrams('aaaa')).toEqual(['aaa']);
  });
});
