import type { CandidateLoop } from './candidate-loops';

export interface SelectionInput {
  loops: readonly CandidateLoop[];
  memberCount: number;
}

export interface Selection {
  /** Indices into the candidate loops; no member is in two of them. */
  chosen: number[];
  objective: number;
}
