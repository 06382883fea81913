import { at } from './checked-index';
import { bestTransfer, type Transfer } from './best-transfer';
import { loopQuality } from './loop-quality';
import type { MarketGraph } from './market-graph';
import { commonMembers } from './member-bitsets';

/** A loop that could be proposed: members in giving order, starting with the lowest index. */
export interface CandidateLoop {
  members: number[];
  /** transfers[i] goes from members[i] to members[i + 1] (the last to members[0]). */
  transfers: Transfer[];
  quality: number;
}

/**
 * How much of the loop space is explored. A realistic market is dense (a quarter of all member
 * pairs can trade at 10,000 members), so the number of 2-, 3- and 4-loops runs into the billions;
 * selection only needs enough alternatives per member to cover everyone it can. So each member
 * starts at most `perLength` loops of each length, extends a path through at most `branch`
 * neighbours per step (4-loops try branch² two-step paths), and neighbours are visited from a
 * member-dependent offset so loops spread over the whole market instead of piling on low ids.
 * Loops found from other members add to a member's alternatives. At 10,000 members this bounds
 * the candidates to 90,000 and the closing checks to 10,000 × (2 + branch + branch²) row ANDs.
 */
export interface LoopSearchLimits {
  perLength: number;
  branch: number;
  maxLength: 2 | 3 | 4;
}

export const DEFAULT_LOOP_LIMITS: LoopSearchLimits = { perLength: 3, branch: 8, maxLength: 4 };

export function findCandidateLoops(graph: MarketGraph, limits: LoopSearchLimits = DEFAULT_LOOP_LIMITS): CandidateLoop[] {
  const { out, inn } = graph;
  const n = graph.memberIds.length;
  const seen = new Set<string>();
  const loops: CandidateLoop[] = [];

  const add = (cycle: number[]) => {
    const canonical = rotateToMin(cycle);
    const key = canonical.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    const transfers: Transfer[] = [];
    for (let i = 0; i < canonical.length; i++) {
      const transfer = bestTransfer(graph, at(canonical, i), at(canonical, (i + 1) % canonical.length));
      if (!transfer) throw new Error('member graph edge without a matching pair');
      transfers.push(transfer);
    }
    loops.push({ members: canonical, transfers, quality: loopQuality(graph, transfers) });
    return true;
  };

  const notSelf = (u: number) => (c: number) => c === u;
  for (let u = 0; u < n; u++) {
    const startWord = spread(u) % out.words;
    const isU = notSelf(u);
    // 2-loops: members u gives to who also give to u.
    for (const v of commonMembers(out, u, inn, u, limits.perLength, startWord, isU)) add([u, v]);
    if (limits.maxLength < 3) continue;

    const firstSteps = commonMembers(out, u, out, u, limits.branch, startWord, isU);
    let found = 0;
    for (const v of firstSteps) {
      if (found >= limits.perLength) break;
      for (const w of commonMembers(out, v, inn, u, 1, startWord, isU)) if (add([u, v, w])) found++;
    }
    if (limits.maxLength < 4) continue;

    found = 0;
    for (let i = 0; i < firstSteps.length && found < limits.perLength; i++) {
      const v = at(firstSteps, i);
      const nexts = commonMembers(out, v, out, v, limits.branch, (startWord + i + 1) % out.words, isU);
      for (const w of nexts) {
        if (found >= limits.perLength) break;
        for (const x of commonMembers(out, w, inn, u, 1, startWord, (c) => c === u || c === v)) if (add([u, v, w, x])) found++;
      }
    }
  }
  return loops;
}

function rotateToMin(cycle: number[]): number[] {
  let min = 0;
  for (let i = 1; i < cycle.length; i++) if (at(cycle, i) < at(cycle, min)) min = i;
  return [...cycle.slice(min), ...cycle.slice(0, min)];
}

/** Cheap integer hash, so each member scans its neighbours from its own offset. */
function spread(u: number): number {
  let h = Math.imul(u ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
