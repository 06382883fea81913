import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes v4 UUIDs on a plain-http page, where the browser has no crypto.randomUUID', () => {
    const real = globalThis.crypto;
    const insecure = { getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array) };
    vi.stubGlobal('crypto', insecure);
    const keys = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(V4);
  });
});
