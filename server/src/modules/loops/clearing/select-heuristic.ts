import { at, i32At } from './checked-index';
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
const MAX_RESTARTS = 30;
const PLATEAU_PASSES = 20;
/** Restarts shrink on big candidate sets (one pass over 90,000 loops already takes a while). */
const RESTART_WORK = 200_000;

export function selectHeuristic(input: SelectionInput, timeBudgetMs = 5_000): Selection {
  const { loops, memberCount } = input;
  const weights = objectiveWeights(memberCount);
  const value = loops.map((loop) => loopObjective(weights, loop.members.length, loop.quality));
  const loopsOf: number[][] = Array.from({ length: memberCount }, () => []);
  loops.forEach((loop, i) => loop.members.forEach((m) => at(loopsOf, m).push(i)));
  for (const list of loopsOf) list.sort((a, b) => at(value, b) - at(value, a) || a - b);

  /** owner[m] = chosen loop covering member m, or -1. */
  const owner = new Int32Array(memberCount).fill(-1);
  const rng = createPrng(1);
  const isFree = (loop: number) => at(loops, loop).members.every((m) => owner[m] === -1);
  const take = (loop: number) => at(loops, loop).members.forEach((m) => (owner[m] = loop));
  const drop = (loop: number) => at(loops, loop).members.forEach((m) => (owner[m] = -1));
  // Greedy pick for a member: among her free loops, the most members first; among those, the
  // loop whose members have the most other loops (it blocks the fewest alternatives); then value.
  const degree = loopsOf.map((list) => list.length);
  const greedyKey = (loop: number) => at(loops, loop).members.reduce((sum, m) => sum + 1 / at(degree, m), 0);
  const placeBest = (member: number, noise = 0): number => {
    let best = -1;
    let bestLength = 0;
    let bestKey = Infinity;
    for (const loop of at(loopsOf, member)) {
      if (!isFree(loop)) continue;
      const length = at(loops, loop).members.length;
      const key = (greedyKey(loop) / length) * (1 + noise * rng.next());
      if (key < bestKey || (key === bestKey && length > bestLength)) [best, bestLength, bestKey] = [loop, length, key];
    }
    if (best !== -1) take(best);
    return best;
  };

  const order = [...Array(memberCount).keys()].filter((m) => at(loopsOf, m).length > 0);
  order.sort((a, b) => at(loopsOf, a).length - at(loopsOf, b).length || a - b);
  const deadline = performance.now() + timeBudgetMs;
  let best: Selection = { chosen: [], objective: -1 };
  const restarts = Math.min(MAX_RESTARTS, Math.floor(RESTART_WORK / Math.max(1, loops.length)));
  for (let restart = 0; restart <= restarts; restart++) {
    owner.fill(-1);
    for (const m of order) if (owner[m] === -1) placeBest(m, restart === 0 ? 0 : 0.5);
    let improved = true;
    while (improved && performance.now() < deadline) {
      improved = false;
      for (const m of order) {
        if (owner[m] !== -1) continue;
        if (performance.now() > deadline) break;
        if (trySwapsFor(m)) improved = true;
      }
    }
    let current = snapshot();
    if (current.objective > best.objective) best = current;
    // Plateau walk: swaps that keep the member count are taken at random, which moves the
    // packing sideways so a later strict pass can find an improvement the first one could not.
    const plateauPasses = Math.min(PLATEAU_PASSES, Math.max(1, restarts));
    for (let step = 0; step < plateauPasses && performance.now() < deadline; step++) {
      for (const m of order) if (owner[m] === -1) trySwapsFor(m, true);
      current = snapshot();
      if (current.objective > best.objective) best = current;
    }
    if (performance.now() > deadline) break;
    // Next round: the same most-constrained-first idea, with ties and near-ties shuffled.
    const jitter = new Map(order.map((m) => [m, at(loopsOf, m).length * (0.75 + rng.next() * 0.5)]));
    order.sort((a, b) => jitter.get(a)! - jitter.get(b)!);
  }
  return best;

  function trySwapsFor(member: number, plateau = false): boolean {
    for (const loop of at(loopsOf, member)) {
      const blockers = new Set<number>();
      for (const m of at(loops, loop).members) {
        const holder = i32At(owner, m);
        if (holder !== -1) blockers.add(holder);
      }
      if (blockers.size === 0) {
        take(loop);
        return true;
      }
      if (blockers.size > MAX_BLOCKERS) continue;
      const removed = [...blockers];
      let gain = at(value, loop);
      let memberGain = at(loops, loop).members.length;
      for (const blocker of removed) {
        drop(blocker);
        gain -= at(value, blocker);
        memberGain -= at(loops, blocker).members.length;
      }
      take(loop);
      const added: number[] = [];
      for (const blocker of removed) {
        for (const m of at(loops, blocker).members) {
          if (owner[m] !== -1) continue;
          const placed = placeBest(m);
          if (placed === -1) continue;
          added.push(placed);
          gain += at(value, placed);
          memberGain += at(loops, placed).members.length;
        }
      }
      if (gain > 0 || (plateau && memberGain === 0 && rng.next() < 0.5)) return true;
      for (const placed of added) drop(placed);
      drop(loop);
      for (const blocker of removed) take(blocker);
    }
    return false;
  }

  function snapshot(): Selection {
    const chosen = [...new Set(owner)].filter((loop) => loop !== -1).sort((a, b) => a - b);
    return { chosen, objective: chosen.reduce((sum, loop) => sum + at(value, loop), 0) };
  }
}
