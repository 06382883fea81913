import type { Transfer } from './best-transfer';
import { at } from './checked-index';
import type { MarketGraph } from './market-graph';

/**
 * Quality points of a loop, the third level of the objective: per member up to 50 for how high
 * the received pair sits on their wantlist (50 for a first choice, 25 for a second, 50/rank) and
 * up to 50 for value balance (50 × smaller / larger of the values given and received).
 */
export const QUALITY_PER_MEMBER_MAX = 100;

/** transfers[i] goes from member i of the loop to member i + 1 (the last to the first). */
export function loopQuality(graph: MarketGraph, transfers: readonly Transfer[]): number {
  let points = 0;
  const length = transfers.length;
  for (let i = 0; i < length; i++) {
    const received = at(transfers, i);
    const given = at(transfers, (i + 1) % length); // the receiver of step i gives step i + 1
    const rank = Math.max(1, at(graph.wants, received.want).rank);
    const receivedValue = at(graph.listings, received.listing).valueCents;
    const givenValue = at(graph.listings, given.listing).valueCents;
    const balance = Math.max(receivedValue, givenValue) === 0 ? 1 : Math.min(receivedValue, givenValue) / Math.max(receivedValue, givenValue);
    points += Math.round(50 / rank) + Math.round(50 * balance);
  }
  return points;
}
