import { at, f64At, i32At, u32At } from './checked-index';
import type { BitMatrix } from './member-bitsets';

export interface CycleCover {
  /** Members on a cycle of any length. */
  traded: number;
  /** successor[u] = who u gives to; u itself when u does not trade. */
  successor: Int32Array;
}

/**
 * The most members that vertex-disjoint cycles of unbounded length can cover: the limit a loop
 * clearing with a length cap is compared with. This is TradeMaximizer's formulation collapsed to
 * members (each member gives one pair and receives one per clearing, as in our loops): a perfect
 * matching between givers and receivers where u may be matched to v when u owns something v wants
 * (cost 0) or to herself (cost 1, "keeps her pair"). Any perfect matching is a permutation whose
 * non-fixed points form disjoint cycles, so the minimum cost is the number of members left out.
 *
 * Solved as min-cost flow by successive shortest paths: a greedy matching on real edges costs 0,
 * which is already minimal for its size, so it is a valid start; each further augmentation runs
 * Dijkstra with potentials (reduced costs are small non-negative integers, so a bucket queue) and
 * augments along the cheapest path. Augmentations after the greedy start are few on real markets.
 * Nodes: givers 0..n-1, receivers n..2n-1, sink 2n.
 */
export function maxCycleCover(out: BitMatrix): CycleCover {
  const n = out.size;
  const words = out.words;
  const matchL = new Int32Array(n).fill(-1);
  const matchR = new Int32Array(n).fill(-1);

  for (let u = 0; u < n; u++) {
    const base = u * words;
    for (let w = 0; w < words && matchL[u] === -1; w++) {
      let word = u32At(out.bits, base + w);
      while (word !== 0) {
        const low = word & -word;
        const v = w * 32 + (31 - Math.clz32(low));
        word ^= low;
        if (v !== u && matchR[v] === -1) {
          matchL[u] = v;
          matchR[v] = u;
          break;
        }
      }
    }
  }

  const nodes = 2 * n + 1;
  const sink = 2 * n;
  const potential = new Float64Array(nodes);
  const dist = new Float64Array(nodes);
  const prev = new Int32Array(nodes);
  const done = new Uint8Array(nodes);
  const cost = (u: number, v: number) => (u === v ? 1 : 0);

  for (;;) {
    const free: number[] = [];
    for (let u = 0; u < n; u++) if (matchL[u] === -1) free.push(u);
    if (free.length === 0) break;

    dist.fill(Infinity);
    prev.fill(-1);
    done.fill(0);
    const buckets: number[][] = [[]];
    const push = (node: number, d: number, from: number) => {
      if (d >= f64At(dist, node)) return;
      dist[node] = d;
      prev[node] = from;
      (buckets[d] ??= []).push(node);
    };
    // The source reaches every free giver at reduced cost 0 - potential[giver], normalised so the
    // smallest is 0 (only differences between distances matter for the augmentation).
    let minStart = Infinity;
    for (const u of free) minStart = Math.min(minStart, -f64At(potential, u));
    for (const u of free) push(u, -f64At(potential, u) - minStart, -1);

    for (let d = 0; d < buckets.length; d++) {
      const bucket = buckets[d];
      if (!bucket) continue;
      for (let k = 0; k < bucket.length; k++) {
        const node = at(bucket, k);
        if (done[node] || dist[node] !== d) continue;
        done[node] = 1;
        if (node === sink) break;
        if (node < n) {
          const u = node;
          const relax = (v: number) => {
            if (matchL[u] === v) return;
            push(n + v, d + cost(u, v) + f64At(potential, u) - f64At(potential, n + v), u);
          };
          relax(u);
          const base = u * words;
          for (let w = 0; w < words; w++) {
            let word = u32At(out.bits, base + w);
            while (word !== 0) {
              const low = word & -word;
              relax(w * 32 + (31 - Math.clz32(low)));
              word ^= low;
            }
          }
        } else if (node < sink) {
          const v = node - n;
          const partner = i32At(matchR, v);
          if (partner === -1) push(sink, d + f64At(potential, node) - f64At(potential, sink), node);
          else push(partner, d - cost(partner, v) + f64At(potential, node) - f64At(potential, partner), node);
        }
      }
      if (done[sink]) break;
    }
    if (!done[sink]) throw new Error('no augmenting path: the self-matching always provides one');

    const reach = f64At(dist, sink);
    for (let node = 0; node < nodes; node++) potential[node] = f64At(potential, node) + Math.min(f64At(dist, node), reach);
    // Walk back from the sink: receiver <- giver pairs become matched.
    let receiver = i32At(prev, sink);
    while (receiver !== -1) {
      const giver = i32At(prev, receiver);
      const v = receiver - n;
      matchL[giver] = v;
      matchR[v] = giver;
      receiver = i32At(prev, giver); // the receiver this giver held before, or -1 at the free start
    }
  }

  let traded = 0;
  for (let u = 0; u < n; u++) if (matchL[u] !== u) traded++;
  return { traded, successor: matchL };
}
