/**
 * Shapes the clearing engine works on. The engine is pure: the caller loads listings and wants
 * (from the database, a fixture or a generator) and gets loops back; nothing here reads or writes.
 */

/** Database ids are serial integers today; strings are accepted so fixtures and ids stay readable. */
export type Id = number | string;

/** A pair that can go into a loop: available for trade, not hidden, not escrow-locked, not in a pending loop. */
export interface Listing {
  pairId: Id;
  ownerId: Id;
  releaseId: Id;
  /** US size as the catalogue spells it ("10", "10.5"). */
  size: string;
  /** 1 to 10 (half points allowed). */
  condition: number;
  valueCents: number;
}

/** One line of a member's wantlist. */
export interface Want {
  wantId: Id;
  memberId: Id;
  releaseId: Id;
  /** Sizes the member accepts; at least one. */
  sizes: readonly string[];
  minCondition: number;
  /** The most the member would take in value (they may not want to owe a big difference), or null for no cap. */
  maxValueCents: number | null;
  /** 1 is the member's first choice. */
  rank: number;
}

/** What a member gives to the next member of a loop. */
export interface LoopStep {
  giverId: Id;
  receiverId: Id;
  pairId: Id;
  /** The receiver's want this pair satisfies. */
  wantId: Id;
  wantRank: number;
  valueCents: number;
}

export interface ChosenLoop {
  /** In giving order: steps[i].receiverId === steps[i + 1].giverId, and the last receiver is the first giver. */
  steps: LoopStep[];
  /** What the loop is, pairs and wants as read (loop-fingerprint.ts): a declined loop with the same one is not proposed again. */
  fingerprint: string;
}

export type SelectionMethod = 'exact' | 'heuristic' | 'none';

export interface ClearingStats {
  members: number;
  /**
   * Members in a strongly connected component of the want graph with someone else: no cycle
   * cover, however long its cycles, trades anyone else, so this bounds every clearing.
   */
  tradableMembers: number;
  /** Parts the market was cleared in (market-parts.ts), over all rounds. */
  parts: number;
  pairs: number;
  wants: number;
  /** Ordered member pairs (giver, receiver) inside one part where the giver owns something the receiver wants. */
  memberEdges: number;
  candidateLoops: number;
  /** Candidate loops by length, index = length (0 and 1 unused). */
  candidatesByLength: number[];
  /** Chosen loops by length, index = length. */
  loopsByLength: number[];
  membersTraded: number;
  pairsTraded: number;
}

export interface SelectionReport {
  method: SelectionMethod;
  /** Why the exact program was not used, or did not finish, when the heuristic ran. */
  reason?: string;
  /** Relative gap between the chosen set and the best bound the solver proved; 0 when proved optimal, null when no bound is known. */
  gap: number | null;
  objective: number;
}

export interface ClearingTimings {
  graphMs: number;
  candidatesMs: number;
  selectionMs: number;
  totalMs: number;
}

export interface ClearingResult {
  loops: ChosenLoop[];
  selection: SelectionReport;
  stats: ClearingStats;
  timings: ClearingTimings;
}
