import { at } from './checked-index';
import type { ClearOptions } from './clearing-request';
import type { ClearingResult, Listing, SelectionReport, Want } from './clearing.types';
import { marketParts, PART_MEMBERS, type PartOrder } from './market-parts';
import { clearPartsHere, type ClearParts } from './part-pool';

export type { ClearOptions };

/**
 * After a round whose parts cut a component, the members no loop took are cleared again, in parts
 * ordered another way, so loops across the earlier cuts can close. Each round clears far fewer
 * members than the one before.
 */
const ROUND_ORDERS: readonly PartOrder[] = ['size', 'release', 'size'];

/**
 * One clearing run: the market is decomposed into parts (strongly connected components of the
 * want graph, the big ones cut by size band, see market-parts.ts), each part is cleared on its
 * own (clear-part.ts: bounded candidate loops, member-disjoint selection), and the members left
 * over by a cut are cleared again. The caller proposes the returned loops to their members.
 * Deterministic: the same market and options give the same loops, whether the parts of a round
 * are cleared one by one on this thread (clearPartsHere) or on a pool of threads (part-pool.ts).
 */
export async function clearMarket(
  listings: readonly Listing[],
  wants: readonly Want[],
  options: ClearOptions = {},
  clearParts: ClearParts = clearPartsHere,
): Promise<ClearingResult> {
  const start = performance.now();
  const partMembers = options.partMembers ?? PART_MEMBERS;
  const results: ClearingResult[] = [];
  let members = 0;
  let tradableMembers = 0;
  let partitionMs = 0;
  let remaining = { listings, wants };
  for (const [round, order] of ROUND_ORDERS.entries()) {
    const partitionStart = performance.now();
    const decomposed = marketParts(remaining.listings, remaining.wants, partMembers, order);
    partitionMs += performance.now() - partitionStart;
    if (round === 0) [members, tradableMembers] = [decomposed.members, decomposed.tradableMembers];
    results.push(...(await clearParts(decomposed.parts, options)));
    if (!decomposed.split) break;
    const traded = new Set(results.flatMap((result) => result.loops.flatMap((loop) => loop.steps.map((step) => step.giverId))));
    remaining = {
      listings: remaining.listings.filter((listing) => !traded.has(listing.ownerId)),
      wants: remaining.wants.filter((want) => !traded.has(want.memberId)),
    };
  }

  const sum = (read: (result: ClearingResult) => number) => results.reduce((total, result) => total + read(result), 0);
  const byLength = (read: (result: ClearingResult) => number[]) => [0, 1, 2, 3, 4].map((length) => sum((result) => at(read(result), length)));
  const membersTraded = sum((result) => result.stats.membersTraded);
  return {
    loops: results.flatMap((result) => result.loops),
    selection: combinedSelection(results.map((result) => result.selection)),
    stats: {
      members,
      tradableMembers,
      parts: results.length,
      pairs: listings.length,
      wants: wants.length,
      memberEdges: sum((result) => result.stats.memberEdges),
      candidateLoops: sum((result) => result.stats.candidateLoops),
      candidatesByLength: byLength((result) => result.stats.candidatesByLength),
      loopsByLength: byLength((result) => result.stats.loopsByLength),
      membersTraded,
      pairsTraded: membersTraded,
    },
    timings: {
      graphMs: partitionMs + sum((result) => result.timings.graphMs),
      candidatesMs: sum((result) => result.timings.candidatesMs),
      selectionMs: sum((result) => result.timings.selectionMs),
      totalMs: performance.now() - start,
    },
  };
}

/** Exact when every part was; otherwise the first reason a part fell back to the heuristic, and no proved gap. */
function combinedSelection(reports: SelectionReport[]): SelectionReport {
  const objective = reports.reduce((total, report) => total + report.objective, 0);
  const fallback = reports.find((report) => report.method !== 'exact');
  if (!fallback) return { method: 'exact', gap: reports.length === 0 ? 0 : Math.max(0, ...reports.map((r) => r.gap ?? 0)), objective };
  const gaps = reports.map((report) => report.gap);
  const gap = gaps.every((g) => g !== null) ? Math.max(...(gaps as number[])) : null;
  return { method: fallback.method, ...(fallback.reason ? { reason: fallback.reason } : {}), gap, objective };
}
