import { loopObjective, objectiveWeights } from './objective';
import { createPrng } from './prng';
import type { Selection, SelectionInput } from './selection.types';

/**
 * Greedy plus local search for the loop packing, used when the candidate set is too big for the
 * exact program (or the solver runs out of time).
 *
 * Greedy: members with the fewest candidate loops go first (they are the hardest to place), each
 * taking its best loop whose members are all still free. Local search then tries, for every
 * member left out, each of her loops that collides with exactly one chosen loop: drop that loop,
 * take hers, and re-place the members it freed greedily; keep the swap when the objective rises.
 * Up to MAX_BLOCKERS colliding loops may be dropped in one move. Passes repeat until nothing
 * improves; then the search restarts (a fixed number of times for a given candidate count, so the
 * result never depends on machine speed; the time budget is only a guard) from a shuffled greedy order
 * (seeded, so runs repeat) and keeps the best packing found.
 */
const MAX_BLOCKERS = 2;
const MAX_RESTARTS = 20;
/** Restarts shrink on big candidate sets (one pass over 90,000 loops already takes a while). */
const RESTART_WORK = 200_000;

export function selectHeuristic(input: SelectionInput, timeBudgetMs = 5_000): Selection {
  const { loops, memberCount } = input;
  const weights = objectiveWeights(memberCount);
  const value = loops.map((loop) => loopObjective(weights, loop.members.length, loop.quality));
  const loopsOf: number[][] = Array.from({ length: memberCount }, () => []);
  loops.forEach((loop, i) => loop.members.forEach((m) => loopsOf[m].push(i)));
  for (const list of loopsOf) list.sort((a, b) => value[b] - value[a] || a - b);

  /** owner[m] = chosen loop covering member m, or -1. */
  const owner = new Int32Array(memberCount).fill(-1);
  const isFree = (loop: number) => loops[loop].members.every((m) => owner[m] === -1);
  const take = (loop: number) => loops[loop].members.forEach((m) => (owner[m] = loop));
  const drop = (loop: number) => loops[loop].members.forEach((m) => (owner[m] = -1));
  const placeBest = (member: number): number => {
    for (const loop of loopsOf[member]) if (isFree(loop)) return take(loop), loop;
    return -1;
  };

  const order = [...Array(memberCount).keys()].filter((m) => loopsOf[m].length > 0);
  order.sort((a, b) => loopsOf[a].length - loopsOf[b].length || a - b);
  const deadline = performance.now() + timeBudgetMs;
  const rng = createPrng(1);
  let best: Selection = { chosen: [], objective: -1 };
  const restarts = Math.min(MAX_RESTARTS, Math.floor(RESTART_WORK / Math.max(1, loops.length)));
  for (let restart = 0; restart <= restarts; restart++) {
    owner.fill(-1);
    for (const m of order) if (owner[m] === -1) placeBest(m);
    let improved = true;
    while (improved && performance.now() < deadline) {
      improved = false;
      for (const m of order) {
        if (owner[m] !== -1) continue;
        if (performance.now() > deadline) break;
        if (trySwapsFor(m)) improved = true;
      }
    }
    const current = snapshot();
    if (current.objective > best.objective) best = current;
    if (performance.now() > deadline) break;
    // Next round: the same most-constrained-first idea, with ties and near-ties shuffled.
    const jitter = new Map(order.map((m) => [m, loopsOf[m].length * (0.75 + rng.next() * 0.5)]));
    order.sort((a, b) => jitter.get(a)! - jitter.get(b)!);
  }
  return best;

  function trySwapsFor(member: number): boolean {
    for (const loop of loopsOf[member]) {
      const blockers = new Set<number>();
      for (const m of loops[loop].members) if (owner[m] !== -1) blockers.add(owner[m]);
      if (blockers.size === 0) return take(loop), true;
      if (blockers.size > MAX_BLOCKERS) continue;
      const removed = [...blockers];
      let gain = value[loop];
      for (const blocker of removed) drop(blocker), (gain -= value[blocker]);
      take(loop);
      const added: number[] = [];
      for (const blocker of removed) {
        for (const m of loops[blocker].members) {
          if (owner[m] !== -1) continue;
          const placed = placeBest(m);
          if (placed !== -1) added.push(placed), (gain += value[placed]);
        }
      }
      if (gain > 0) return true;
      for (const placed of added) drop(placed);
      drop(loop);
      for (const blocker of removed) take(blocker);
    }
    return false;
  }

  function snapshot(): Selection {
    const chosen = [...new Set(owner)].filter((loop) => loop !== -1).sort((a, b) => a - b);
    return { chosen, objective: chosen.reduce((sum, loop) => sum + value[loop], 0) };
  }
}
