import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalJson, computeCommitment, computeEntryHash, newSalt, newTradeRef, verifyChain } from './ledger-hash';
import type { ChainEntry } from './ledger-hash';

const T0 = new Date('2025-03-01T12:00:00.000Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Draft {
  event: string;
  tradeRef: string;
  createdAt: Date;
  details: { tradeId: number; payload: Record<string, unknown> };
}

/** Builds a correctly linked chain, committing to each entry's details as appendLedgerEntry does. */
function buildChain(drafts: Draft[]): ChainEntry[] {
  const chain: ChainEntry[] = [];
  let prevHash = GENESIS_HASH;
  drafts.forEach(({ details, ...publicForm }, index) => {
    const salt = `salt-${index}`;
    const commitment = computeCommitment(salt, details);
    const hash = computeEntryHash(prevHash, { ...publicForm, commitment });
    chain.push({ id: index + 1, ...publicForm, commitment, prevHash, hash, secret: { salt, details } });
    prevHash = hash;
  });
  return chain;
}

const sample = () =>
  buildChain([
    { event: 'lock', tradeRef: 'ref-a', createdAt: T0, details: { tradeId: 1, payload: { proposerSneakerIds: [3], receiverSneakerIds: [4] } } },
    { event: 'ship', tradeRef: 'ref-a', createdAt: T0, details: { tradeId: 1, payload: { side: 'proposer', withTracking: true } } },
    { event: 'lock', tradeRef: 'ref-b', createdAt: T0, details: { tradeId: 2, payload: { proposerSneakerIds: [9] } } },
    { event: 'release', tradeRef: 'ref-a', createdAt: T0, details: { tradeId: 1, payload: {} } },
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

describe('computeCommitment', () => {
  const details = { tradeId: 7, payload: { proposerId: 'u1', sneakerIds: [3, 4] } };

  it('is sha256 of the salt followed by the canonical JSON of { tradeId, payload }', () => {
    const expected = sha256('s4lt{"payload":{"proposerId":"u1","sneakerIds":[3,4]},"tradeId":7}');
    expect(computeCommitment('s4lt', details)).toBe(expected);
  });

  it('commits to the details as stored (jsonb reorders keys) and to nothing else', () => {
    const readBack = { payload: { sneakerIds: [3, 4], proposerId: 'u1' }, tradeId: 7, extra: 'ignored' };
    expect(computeCommitment('s4lt', readBack)).toBe(computeCommitment('s4lt', details));
  });

  it('changes with the salt, so equal details give unrelated commitments', () => {
    expect(computeCommitment('a', details)).not.toBe(computeCommitment('b', details));
  });

  it('changes with any detail', () => {
    expect(computeCommitment('s', { ...details, tradeId: 8 })).not.toBe(computeCommitment('s', details));
    expect(computeCommitment('s', { ...details, payload: { proposerId: 'u2', sneakerIds: [3, 4] } })).not.toBe(computeCommitment('s', details));
  });

  it('uses fresh random salts and trade references', () => {
    expect(newSalt()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSalt()).not.toBe(newSalt());
    expect(newTradeRef()).toMatch(/^[0-9a-f]{24}$/);
    expect(newTradeRef()).not.toBe(newTradeRef());
  });
});

describe('computeEntryHash', () => {
  const publicForm = { event: 'lock', tradeRef: 'ref-a', commitment: 'c'.repeat(64), createdAt: T0 };

  it('is sha256 of the previous hash followed by the canonical public form', () => {
    const expected = sha256(
      GENESIS_HASH + `{"commitment":"${'c'.repeat(64)}","createdAt":"2025-03-01T12:00:00.000Z","event":"lock","tradeRef":"ref-a"}`,
    );
    expect(computeEntryHash(GENESIS_HASH, publicForm)).toBe(expected);
  });

  it('hashes a stored row (createdAt as a string, private columns present) like the entry written', () => {
    const row = { ...publicForm, id: 1, hash: 'x', createdAt: T0.toISOString(), tradeId: 9, payload: { a: 1 }, salt: 's' };
    expect(computeEntryHash(GENESIS_HASH, row)).toBe(computeEntryHash(GENESIS_HASH, publicForm));
  });

  it('changes with the previous hash and with every public field', () => {
    const base = computeEntryHash(GENESIS_HASH, publicForm);
    expect(computeEntryHash('a'.repeat(64), publicForm)).not.toBe(base);
    expect(computeEntryHash(GENESIS_HASH, { ...publicForm, event: 'refund' })).not.toBe(base);
    expect(computeEntryHash(GENESIS_HASH, { ...publicForm, tradeRef: 'ref-b' })).not.toBe(base);
    expect(computeEntryHash(GENESIS_HASH, { ...publicForm, commitment: 'd'.repeat(64) })).not.toBe(base);
    expect(computeEntryHash(GENESIS_HASH, { ...publicForm, createdAt: new Date(T0.getTime() + 1) })).not.toBe(base);
  });
});

describe('verifyChain', () => {
  it('accepts an empty chain', () => {
    expect(verifyChain([])).toEqual({ valid: true, checked: 0, brokenAt: null });
  });

  it('accepts an intact chain and counts every entry, with or without the private side', () => {
    expect(verifyChain(sample())).toEqual({ valid: true, checked: 4, brokenAt: null });
    const publicOnly = sample().map(({ secret: _secret, ...entry }) => entry);
    expect(verifyChain(publicOnly)).toEqual({ valid: true, checked: 4, brokenAt: null });
  });

  it('finds a changed public field at the entry that was changed', () => {
    const chain = sample();
    chain[1] = { ...chain[1]!, tradeRef: 'ref-b' };
    const result = verifyChain(chain);
    expect(result.valid).toBe(false);
    expect(result.checked).toBe(2);
    expect(result.brokenAt).toMatchObject({ id: 2, reason: 'hash', actualHash: chain[1].hash });
    expect(result.brokenAt?.expectedHash).not.toBe(chain[1].hash);
  });

  it('finds changed private details through the commitment, though the public hashes still link', () => {
    const chain = sample();
    const secret = chain[2]!.secret!;
    chain[2] = { ...chain[2]!, secret: { ...secret, details: { ...secret.details, payload: { proposerSneakerIds: [999] } } } };
    const result = verifyChain(chain);
    expect(result).toMatchObject({ valid: false, checked: 3, brokenAt: { id: 3, reason: 'commitment', actualHash: chain[2].commitment } });
  });

  it('never verifies an entry that has no commitment yet', () => {
    const chain = sample();
    chain[0] = { ...chain[0]!, commitment: null };
    expect(verifyChain(chain).brokenAt).toMatchObject({ id: 1, reason: 'hash' });
  });

  it('finds a rewritten link at the entry whose prevHash no longer points back', () => {
    const chain = sample();
    // Re-hash entry 3 consistently on a forged prevHash: its own hash checks out, the link does not.
    const forgedPrev = 'f'.repeat(64);
    chain[2] = { ...chain[2]!, prevHash: forgedPrev, hash: computeEntryHash(forgedPrev, chain[2]!) };
    expect(verifyChain(chain)).toEqual({
      valid: false,
      checked: 3,
      brokenAt: { id: 3, expectedHash: chain[1]!.hash, actualHash: forgedPrev, reason: 'prevHash' },
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
    expect(verifyChain(chain.slice(2), chain[1]!.hash).valid).toBe(true);
  });
});
