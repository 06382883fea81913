import { describe, expect, it } from 'vitest';
import { maxCycleCover } from './cycle-cover';
import { createBitMatrix, setBit } from './member-bitsets';
import { createPrng } from './prng';

function matrix(n: number, edges: [number, number][]) {
  const m = createBitMatrix(n);
  for (const [u, v] of edges) setBit(m, u, v);
  return m;
}

/** Tries every permutation: each member keeps her pair or gives along an edge. */
function bruteForce(n: number, edges: [number, number][]): number {
  const has = new Set(edges.map(([u, v]) => `${u},${v}`));
  let best = 0;
  const used = new Array<boolean>(n).fill(false);
  const go = (u: number, traded: number) => {
    if (u === n) return void (best = Math.max(best, traded));
    for (let v = 0; v < n; v++) {
      if (used[v] || (v !== u && !has.has(`${u},${v}`))) continue;
      used[v] = true;
      go(u + 1, traded + (v === u ? 0 : 1));
      used[v] = false;
    }
  };
  go(0, 0);
  return best;
}

function isCycleCover(n: number, edges: [number, number][], successor: Int32Array) {
  const has = new Set(edges.map(([u, v]) => `${u},${v}`));
  const targets = new Set(successor);
  return targets.size === n && [...successor].every((v, u) => v === u || has.has(`${u},${v}`));
}

describe('maxCycleCover', () => {
  it('trades nobody on a path with no way back', () => {
    expect(
      maxCycleCover(
        matrix(3, [
          [0, 1],
          [1, 2],
        ]),
      ).traded,
    ).toBe(0);
  });

  it('covers a 5-cycle whole and leaves a hanger-on out', () => {
    const edges: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 0],
      [5, 0],
    ];
    expect(maxCycleCover(matrix(6, edges)).traded).toBe(5);
  });

  it('prefers the cover that trades more members over the greedy first edge', () => {
    // Greedy gives 0 -> 1, which only closes through 1 -> 0; the best cover is 0->2->3->0 plus nothing.
    const edges: [number, number][] = [
      [0, 1],
      [1, 0],
      [0, 2],
      [2, 3],
      [3, 0],
      [1, 4],
      [4, 1],
    ];
    expect(maxCycleCover(matrix(5, edges)).traded).toBe(5);
  });

  it('matches brute force on 300 seeded random graphs of up to 7 members', () => {
    const rng = createPrng(42);
    for (let round = 0; round < 300; round++) {
      const n = 1 + rng.int(7);
      const density = 0.1 + rng.next() * 0.4;
      const edges: [number, number][] = [];
      for (let u = 0; u < n; u++) for (let v = 0; v < n; v++) if (u !== v && rng.next() < density) edges.push([u, v]);
      const cover = maxCycleCover(matrix(n, edges));
      expect(cover.traded).toBe(bruteForce(n, edges));
      expect(isCycleCover(n, edges, cover.successor)).toBe(true);
    }
  });
});
