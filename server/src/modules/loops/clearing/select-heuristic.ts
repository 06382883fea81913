import { loopObjective, objectiveWeights } from './objective';
import type { Selection, SelectionInput } from './selection.types';

/**
 * Greedy plus local search for the loop packing, used when the candidate set is too big for the
 * exact program (or the solver runs out of time).
 *
 * Greedy: members with the fewest candidate loops go first (they are the hardest to place), each
 * taking its best loop whose members are all still free. Local search then tries, for every
 * member left out, each of her loops that collides with exactly one chosen loop: drop that loop,
 * take hers, and re-place the members it freed greedily; keep the swap when the objective rises.
 * Passes repeat until nothing improves or the time budget is spent.
 */
export function selectHeuristic(input: SelectionInput, timeBudgetMs = 2_000): Selection {
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
  for (const m of order) if (owner[m] === -1) placeBest(m);

  const deadline = performance.now() + timeBudgetMs;
  let improved = true;
  while (improved && performance.now() < deadline) {
    improved = false;
    for (const m of order) {
      if (owner[m] !== -1) continue;
      if (performance.now() > deadline) break;
      if (trySwapsFor(m)) improved = true;
    }
  }

  function trySwapsFor(member: number): boolean {
    for (const loop of loopsOf[member]) {
      const blockers = new Set<number>();
      for (const m of loops[loop].members) if (owner[m] !== -1) blockers.add(owner[m]);
      if (blockers.size === 0) return take(loop), true;
      if (blockers.size !== 1) continue;
      const [blocker] = blockers;
      drop(blocker);
      take(loop);
      let gain = value[loop] - value[blocker];
      const added: number[] = [];
      for (const m of loops[blocker].members) {
        if (owner[m] !== -1) continue;
        const placed = placeBest(m);
        if (placed !== -1) added.push(placed), (gain += value[placed]);
      }
      if (gain > 0) return true;
      for (const placed of added) drop(placed);
      drop(loop);
      take(blocker);
    }
    return false;
  }

  const chosen = [...new Set(owner)].filter((loop) => loop !== -1).sort((a, b) => a - b);
  return { chosen, objective: chosen.reduce((sum, loop) => sum + value[loop], 0) };
}
