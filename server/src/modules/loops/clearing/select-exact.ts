import highsLoader, { type Highs } from 'highs';
import { at, f64At } from './checked-index';
import { loopObjective, objectiveWeights } from './objective';
import type { Selection, SelectionInput } from './selection.types';

export interface ExactSelection extends Selection {
  /** True when HiGHS proved the solution optimal. */
  optimal: boolean;
  /** Relative MIP gap HiGHS reports (0 when optimal), null when it has no bound. */
  gap: number | null;
  /** Best upper bound HiGHS proved on the objective, null when unknown. */
  bound: number | null;
}

const OPTIMAL = 7;

let loader: Promise<Highs> | null = null;
/** HiGHS is WebAssembly: load it once per process. */
const loadHighs = () => (loader ??= highsLoader());

/**
 * Set packing over the candidate loops as a 0/1 program: one variable per loop, one row per member
 * saying she is in at most one chosen loop (pairs need no rows: a member gives one pair per loop,
 * so member-disjoint loops are pair-disjoint), objective = the weighted lexicographic sum.
 * The relative and absolute gap tolerances are zero: with weights this large HiGHS's default
 * 0.01% gap would let it stop a few quality points, or even a member, short of the optimum.
 * Returns null when HiGHS ends without any solution.
 */
export async function selectExact(input: SelectionInput, timeLimitSeconds: number): Promise<ExactSelection | null> {
  const { loops, memberCount } = input;
  if (loops.length === 0) return { chosen: [], objective: 0, optimal: true, gap: 0, bound: 0 };
  const weights = objectiveWeights(memberCount);
  const value = loops.map((loop) => loopObjective(weights, loop.members.length, loop.quality));

  const loopsOf: number[][] = Array.from({ length: memberCount }, () => []);
  loops.forEach((loop, i) => loop.members.forEach((m) => at(loopsOf, m).push(i)));
  const lines = ['Maximize', ' obj:', ...chunk(value.map((c, i) => `+ ${c} x${i}`)), 'Subject To'];
  loopsOf.forEach((list, m) => {
    if (list.length > 1) lines.push(` m${m}:`, ...chunk(list.map((i) => `+ x${i}`)), '  <= 1');
  });
  lines.push('Binary', ...chunk(loops.map((_, i) => `x${i}`)), 'End');

  const highs = await loadHighs();
  return highs.withModel({ format: 'lp', data: lines.join('\n') }, (model) => {
    model.options.set({ time_limit: timeLimitSeconds, mip_rel_gap: 0, mip_abs_gap: 0.5, output_flag: false });
    model.run();
    const status = model.getModelStatus();
    const solution = model.getSolution().colValue;
    if (solution.length !== loops.length) return null;
    const chosen: number[] = [];
    for (let c = 0; c < solution.length; c++) {
      if (f64At(solution, c) > 0.5) chosen.push(Number(model.getColName(c).slice(1)));
    }
    chosen.sort((a, b) => a - b);
    const objective = chosen.reduce((sum, i) => sum + at(value, i), 0);
    const optimal = status === OPTIMAL;
    const gap = optimal ? 0 : readInfo(() => model.info.get('mip_gap'));
    const bound = optimal ? objective : readInfo(() => model.info.get('mip_dual_bound'));
    return { chosen, objective, optimal, gap, bound };
  });
}

function readInfo(read: () => number | bigint): number | null {
  try {
    const value = Number(read());
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** LP format lines stay short: HiGHS reads long expressions split over lines. */
function chunk(terms: string[], size = 20): string[] {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += size) lines.push('  ' + terms.slice(i, i + size).join(' '));
  return lines;
}
