import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalJson, computeEntryHash, verifyChain } from './ledger-hash';
import type { ChainEntry } from './ledger-hash';

/** Builds a correctly linked chain from entry contents, as the repository would append them. */
function buildChain(contents: Array<Omit<ChainEntry, 'id' | 'prevHash' | 'hash'>>): ChainEntry[] {
  const chain: ChainEntry[] = [];
  let prevHash = GENESIS_HASH;
  contents.forEach((content, index) => {
    const hash = computeEntryHash(prevHash, content);
    chain.push({ id: index + 1, ...content, prevHash, hash });
    prevHash = hash;
  });
  return chain;
}

const T0 = new Date('2025-03-01T12:00:00.000Z');
const sample = () =>
  buildChain([
    { tradeId: 1, event: 'lock', payload: { sneakerIds: [3, 4], by: 'u1' }, createdAt: T0 },
    { tradeId: 1, event: 'ship', payload: { side: 'proposer', trackingNumber: 'TRK1' }, createdAt: T0 },
    { tradeId: 2, event: 'lock', payload: { sneakerIds: [9] }, createdAt: T0 },
    { tradeId: 1, event: 'release', payload: {}, createdAt: T0 },
  ]);

describe('canonicalJson', () => {
  it('gives the same text whatever the key order, at every depth', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } };
    const b = { a: { c: 'x', d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}');
  });

  it('keeps array order, since it is meaningful', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('writes dates as ISO strings and hashes a value the same after a JSON round trip', () => {
    const payload = { at: T0, note: undefined, n: 1.5, ok: true, none: null };
    expect(canonicalJson(payload)).toBe('{"at":"2025-03-01T12:00:00.000Z","n":1.5,"none":null,"ok":true}');
    expect(canonicalJson(JSON.parse(JSON.stringify(payload)))).toBe(canonicalJson(payload));
  });

  it('refuses values JSON cannot carry instead of hashing them as null', () => {
    expect(() => canonicalJson({ value: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ value: 1n })).toThrow(TypeError);
  });
});

describe('computeEntryHash', () => {
  const entry = { tradeId: 7, event: 'lock', payload: { a: 1, b: 2 }, createdAt: T0 };

  it('is sha256 of the previous hash followed by the canonical entry', () => {
    const expected = createHash('sha256')
      .update(GENESIS_HASH + '{"createdAt":"2025-03-01T12:00:00.000Z","event":"lock","payload":{"a":1,"b":2},"tradeId":7}')
      .digest('hex');
    expect(computeEntryHash(GENESIS_HASH, entry)).toBe(expected);
  });

  it('hashes a stored row (keys reordered by jsonb, createdAt as a string) like the entry that was written', () => {
    const readBack = { id: 1, hash: 'x', createdAt: T0.toISOString(), payload: { b: 2, a: 1 }, event: 'lock', tradeId: 7 };
    expect(computeEntryHash(GENESIS_HASH, readBack)).toBe(computeEntryHash(GENESIS_HASH, entry));
  });

  it('changes with the previous hash', () => {
    expect(computeEntryHash('a'.repeat(64), entry)).not.toBe(computeEntryHash(GENESIS_HASH, entry));
  });
});

describe('verifyChain', () => {
  it('accepts an empty chain', () => {
    expect(verifyChain([])).toEqual({ valid: true, checked: 0, brokenAt: null });
  });

  it('accepts an intact chain and counts every entry', () => {
    expect(verifyChain(sample())).toEqual({ valid: true, checked: 4, brokenAt: null });
  });

  it('finds a tampered payload at the entry that was changed', () => {
    const chain = sample();
    chain[1] = { ...chain[1], payload: { side: 'proposer', trackingNumber: 'FORGED' } };
    const result = verifyChain(chain);
    expect(result.valid).toBe(false);
    expect(result.checked).toBe(2);
    expect(result.brokenAt).toMatchObject({ id: 2, reason: 'hash', actualHash: chain[1].hash });
    expect(result.brokenAt?.expectedHash).not.toBe(chain[1].hash);
  });

  it('finds a rewritten link at the entry whose prevHash no longer points back', () => {
    const chain = sample();
    // Re-hash entry 3 consistently on a forged prevHash: its own hash checks out, the link does not.
    const forgedPrev = 'f'.repeat(64);
    chain[2] = { ...chain[2], prevHash: forgedPrev, hash: computeEntryHash(forgedPrev, chain[2]) };
    expect(verifyChain(chain)).toEqual({
      valid: false,
      checked: 3,
      brokenAt: { id: 3, expectedHash: chain[1].hash, actualHash: forgedPrev, reason: 'prevHash' },
    });
  });

  it('detects a deleted entry', () => {
    const chain = sample();
    chain.splice(1, 1);
    expect(verifyChain(chain).brokenAt).toMatchObject({ id: 3, reason: 'prevHash' });
  });

  it('requires the first entry to start from the genesis hash', () => {
    const chain = sample().slice(1);
    expect(verifyChain(chain).brokenAt).toMatchObject({ id: 2, expectedHash: GENESIS_HASH });
  });

  it('verifies a window of the chain from the hash before it', () => {
    const chain = sample();
    expect(verifyChain(chain.slice(2), chain[1].hash).valid).toBe(true);
  });
});
