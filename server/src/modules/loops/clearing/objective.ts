import { QUALITY_PER_MEMBER_MAX } from './loop-quality';

/**
 * The lexicographic objective (members traded, then pairs traded, then quality points) as one
 * weighted sum, so a solver and the heuristic compare the same number:
 *
 *   pair weight   = QUALITY_PER_MEMBER_MAX × members + 1   (more than all quality points together)
 *   member weight = pair weight × (members + 1)            (more than all pair and quality points)
 *
 * One more member therefore always beats any change in pairs or quality, and one more pair
 * beats any change in quality. In a loop each member gives exactly one pair, so members and pairs
 * traded are equal today; the pair level is kept so the objective stays right if a loop ever moves
 * several pairs per member. Coefficients stay below 2^53 up to about 40,000 members.
 */
export interface ObjectiveWeights {
  member: number;
  pair: number;
}

export function objectiveWeights(memberCount: number): ObjectiveWeights {
  const pair = QUALITY_PER_MEMBER_MAX * memberCount + 1;
  return { pair, member: pair * (memberCount + 1) };
}

export function loopObjective(weights: ObjectiveWeights, length: number, quality: number): number {
  return length * weights.member + length * weights.pair + quality;
}
