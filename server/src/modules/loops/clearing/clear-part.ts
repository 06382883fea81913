import { DEFAULT_LOOP_LIMITS, findCandidateLoops, type CandidateLoop, type LoopSearchLimits } from './candidate-loops';
import { at } from './checked-index';
import type { ChosenLoop, ClearingResult, Listing, Want } from './clearing.types';
import { loopFingerprint } from './loop-fingerprint';
import { buildMarketGraph, type ExcludedPair, type MarketGraph } from './market-graph';
import { selectLoops, type SelectOptions } from './select-loops';

export interface PartOptions extends SelectOptions {
  limits?: LoopSearchLimits;
  /** Members who must not be in the same loop (blocks): no edge between them, and no loop holding both. */
  excludedPairs?: readonly ExcludedPair[];
  /**
   * Fingerprints of loops their members declined (loop-fingerprint.ts): a candidate with one of
   * them is the very loop declined, pairs and wants unchanged, and is not proposed again.
   */
  declinedFingerprints?: ReadonlySet<string>;
}

/**
 * Clears one part of a market (market-parts.ts): build its member graph, enumerate bounded
 * candidate loops, pick a member-disjoint set. clearMarket runs it over every part.
 */
export async function clearPart(listings: readonly Listing[], wants: readonly Want[], options: PartOptions = {}): Promise<ClearingResult> {
  const start = performance.now();
  const excluded = options.excludedPairs ?? [];
  const graph = buildMarketGraph(listings, wants, excluded);
  const graphDone = performance.now();
  const candidates = withoutDeclined(
    graph,
    withoutExcludedPairs(graph, findCandidateLoops(graph, options.limits ?? DEFAULT_LOOP_LIMITS), excluded),
    options.declinedFingerprints,
  );
  const candidatesDone = performance.now();
  const { chosen, report } = await selectLoops({ loops: candidates, memberCount: graph.memberIds.length }, options);
  const end = performance.now();

  const loops = chosen.map((i) => toChosenLoop(graph, at(candidates, i)));
  const byLength = (list: readonly { members: number[] }[]) => {
    const counts = [0, 0, 0, 0, 0];
    for (const { members } of list) counts[members.length] = at(counts, members.length) + 1;
    return counts;
  };
  const membersTraded = loops.reduce((sum, loop) => sum + loop.steps.length, 0);
  return {
    loops,
    selection: report,
    stats: {
      members: graph.memberIds.length,
      tradableMembers: graph.memberIds.length,
      parts: 1,
      pairs: listings.length,
      wants: wants.length,
      memberEdges: graph.edgeCount,
      candidateLoops: candidates.length,
      candidatesByLength: byLength(candidates),
      loopsByLength: byLength(chosen.map((i) => at(candidates, i))),
      membersTraded,
      pairsTraded: membersTraded,
    },
    timings: {
      graphMs: graphDone - start,
      candidatesMs: candidatesDone - graphDone,
      selectionMs: end - candidatesDone,
      totalMs: end - start,
    },
  };
}

/**
 * The graph has no edge between excluded members, which settles 2- and 3-loops; in a 4-loop the
 * members facing each other across the ring trade with neither, yet every member sees the whole
 * loop (who gives what), so a loop holding both of an excluded pair is dropped too.
 */
function withoutExcludedPairs(graph: MarketGraph, candidates: CandidateLoop[], excluded: readonly ExcludedPair[]): CandidateLoop[] {
  if (excluded.length === 0) return candidates;
  const indexOf = new Map(graph.memberIds.map((id, i) => [id, i]));
  const keys = new Set<string>();
  for (const [a, b] of excluded) {
    const u = indexOf.get(a);
    const v = indexOf.get(b);
    if (u !== undefined && v !== undefined) keys.add(u < v ? `${u}:${v}` : `${v}:${u}`);
  }
  if (keys.size === 0) return candidates;
  const holdsExcluded = (members: readonly number[]) =>
    members.some((u, i) => members.slice(i + 1).some((v) => keys.has(u < v ? `${u}:${v}` : `${v}:${u}`)));
  return candidates.filter((loop) => !holdsExcluded(loop.members));
}

/** Loops declined before, nothing changed since: left out before selection, so other loops can take their members. */
function withoutDeclined(graph: MarketGraph, candidates: CandidateLoop[], declined: ReadonlySet<string> | undefined): CandidateLoop[] {
  if (!declined || declined.size === 0) return candidates;
  return candidates.filter((loop) => !declined.has(fingerprintOf(graph, loop)));
}

function fingerprintOf(graph: MarketGraph, loop: CandidateLoop): string {
  return loopFingerprint(
    loop.transfers.map((transfer, i) => ({
      giverId: at(graph.memberIds, at(loop.members, i)),
      receiverId: at(graph.memberIds, at(loop.members, (i + 1) % loop.members.length)),
      listing: at(graph.listings, transfer.listing),
      want: at(graph.wants, transfer.want),
    })),
  );
}

function toChosenLoop(graph: MarketGraph, loop: CandidateLoop): ChosenLoop {
  return {
    fingerprint: fingerprintOf(graph, loop),
    steps: loop.transfers.map((transfer, i) => {
      const listing = at(graph.listings, transfer.listing);
      const want = at(graph.wants, transfer.want);
      return {
        giverId: at(graph.memberIds, at(loop.members, i)),
        receiverId: at(graph.memberIds, at(loop.members, (i + 1) % loop.members.length)),
        pairId: listing.pairId,
        wantId: want.wantId,
        wantRank: want.rank,
        valueCents: listing.valueCents,
      };
    }),
  };
}
