import type { ForwardedTo, InspectionStatus } from '@soleswap/contracts/inspection';

/** A step of a pair's journey in words, as both members' notifications say it. */
export function stepText(status: InspectionStatus, forwardedTo: ForwardedTo | null): string {
  switch (status) {
    case 'awaiting_arrival':
      return 'a pair is on its way to the centre';
    case 'received':
      return 'a pair arrived and is being inspected';
    case 'passed':
      return 'a pair passed inspection';
    case 'failed':
      return 'a pair did not pass; the trade is cancelled and each pair goes back to its owner';
    case 'quality_issue':
      return 'a pair has a quality issue: its new owner decides whether to go on';
    case 'forwarded':
      return forwardedTo === 'owner' ? 'a pair was sent back to its owner' : 'a pair was sent on to its new owner';
    case 'cancelled':
      return 'a pair did not reach the centre in time; the trade is cancelled';
  }
}
