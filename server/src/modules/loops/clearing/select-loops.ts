import { selectExact } from './select-exact';
import { selectHeuristic } from './select-heuristic';
import type { SelectionReport } from './clearing.types';
import type { SelectionInput } from './selection.types';

/**
 * Above this many candidate loops the exact program is not attempted: HiGHS proves optimality on
 * a few thousand loops in seconds, while set packing with tens of thousands of variables did not
 * prove optimality within 20 s on these 2-core machines.
 */
export const EXACT_MAX_CANDIDATES = 6_000;

export interface SelectOptions {
  exactMaxCandidates?: number;
  /** Always set: HiGHS blocks the thread while it runs. */
  solverTimeLimitSeconds?: number;
  heuristicBudgetMs?: number;
  /** Skip the solver (benchmarks comparing the heuristic with it). */
  method?: 'auto' | 'heuristic' | 'exact';
}

export interface SelectedLoops {
  chosen: number[];
  report: SelectionReport;
}

/** Exact while small enough, otherwise (or when the solver stops short) greedy plus local search. */
export async function selectLoops(input: SelectionInput, options: SelectOptions = {}): Promise<SelectedLoops> {
  const method = options.method ?? 'auto';
  const limit = options.exactMaxCandidates ?? EXACT_MAX_CANDIDATES;
  const tooBig = input.loops.length > limit;
  if (method === 'heuristic' || (method === 'auto' && tooBig)) {
    const heuristic = selectHeuristic(input, options.heuristicBudgetMs);
    const reason = method === 'heuristic' ? 'requested' : `${input.loops.length} candidate loops is above the exact limit of ${limit}`;
    return { chosen: heuristic.chosen, report: { method: 'heuristic', reason, gap: null, objective: heuristic.objective } };
  }

  const exact = await selectExact(input, options.solverTimeLimitSeconds ?? 10);
  if (exact?.optimal) return { chosen: exact.chosen, report: { method: 'exact', gap: 0, objective: exact.objective } };

  // The solver hit its limit: keep whichever of its incumbent and the heuristic is better, and
  // measure the gap against the bound the solver proved.
  const heuristic = selectHeuristic(input, options.heuristicBudgetMs);
  const useExact = exact !== null && exact.objective >= heuristic.objective;
  const best = useExact ? exact : heuristic;
  const gap = exact?.bound ? Math.max(0, (exact.bound - best.objective) / exact.bound) : null;
  return {
    chosen: best.chosen,
    report: { method: useExact ? 'exact' : 'heuristic', reason: 'solver time limit reached', gap, objective: best.objective },
  };
}
