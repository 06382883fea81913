import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './relying-party';

describe('safeReturnTo', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeReturnTo('/trades/12?tab=chat')).toBe('/trades/12?tab=chat');
    expect(safeReturnTo('/')).toBe('/');
  });

  it('drops anything a browser could read as another site, or that is not a path', () => {
    for (const value of ['//evil.example', '/\\evil.example', '/ok\\..\\x', 'https://evil.example/', 'trades', '', '/a\nb', '/a\tb', 42, undefined]) {
      expect(safeReturnTo(value)).toBeUndefined();
    }
  });
});
