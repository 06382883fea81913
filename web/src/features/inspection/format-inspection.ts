import type {
  InspectionAction,
  InspectionJourney,
  InspectionQueueItem,
  InspectionStatus,
  InspectionVerdictKind,
} from '@soleswap/contracts/inspection';

export const STATUS_LABELS: Record<InspectionStatus, string> = {
  awaiting_arrival: 'Awaiting arrival',
  received: 'Received',
  passed: 'Passed',
  failed: 'Failed',
  quality_issue: 'Quality issue',
  forwarded: 'Forwarded',
  cancelled: 'Never arrived',
};

export const ACTION_LABELS: Record<InspectionAction, string> = {
  receive: 'Record arrival',
  pass: 'Pass',
  fail: 'Fail',
  'quality-issue': 'Quality issue',
  forward: 'Forward',
  'accept-issue': 'Go on with this pair',
  'decline-issue': 'Decline the pair',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string) => dateTime.format(new Date(iso));

const VERDICT_STEPS: Record<InspectionVerdictKind, string> = {
  passed: 'Passed inspection',
  failed: 'Failed inspection',
  quality_issue: 'Quality issue found',
};

export interface JourneyStep {
  label: string;
  at: string;
}

/**
 * The steps a pair has taken so far, in order, with their dates (the trade page's journey). It is on
 * its way to the centre only once its owner marked it shipped; before, it waits for them.
 */
export function journeySteps(pair: InspectionJourney): JourneyStep[] {
  const steps: JourneyStep[] = [{ label: 'Trade accepted: its owner ships it to the centre', at: pair.createdAt }];
  if (pair.shippedAt) steps.push({ label: pair.receivedAt ? 'Shipped to the centre' : 'On its way to the centre', at: pair.shippedAt });
  if (pair.receivedAt) steps.push({ label: 'Arrived at the centre', at: pair.receivedAt });
  if (pair.decidedAt && pair.verdict) steps.push({ label: VERDICT_STEPS[pair.verdict], at: pair.decidedAt });
  if (pair.memberDecidedAt)
    steps.push({ label: pair.status === 'failed' ? 'Declined by its new owner' : 'Accepted despite the issue', at: pair.memberDecidedAt });
  if (pair.forwardedAt)
    steps.push({ label: pair.forwardedTo === 'owner' ? 'Sent back to its owner' : 'Sent on to its new owner', at: pair.forwardedAt });
  return steps;
}

/**
 * Where a pair in the queue goes when it leaves the centre, in words, and what is missing for that
 * (docs/rules/inspection.md#inspectors): the member, and whether they chose a ship-to. Never the
 * address: that is read once the pair is ready to go.
 */
export function headingText(item: Pick<InspectionQueueItem, 'status' | 'heading'>): { text: string; warning: string | null } {
  const { to, username, hasShipTo } = item.heading;
  const who = username ?? 'the member';
  if (item.status === 'cancelled') return { text: 'It never reached the centre: nothing to send.', warning: null };
  if (to === null) return { text: 'The trade is disputed: the pair stays at the centre until the ruling says where it goes.', warning: null };
  if (item.status === 'forwarded')
    return { text: to === 'owner' ? `Sent back to ${who}, its owner.` : `Sent on to ${who}, its new owner.`, warning: null };
  const text =
    to === 'owner'
      ? `Goes back to ${who}, its owner.`
      : item.status === 'passed'
        ? `Goes on to ${who}, its new owner, once both pairs passed.`
        : `Goes on to ${who}, its new owner, if both pairs pass.`;
  const warning = hasShipTo
    ? null
    : `${who} has not chosen a ship-to address for this trade yet: Forward is refused until they choose one on their trade page.`;
  return { text, warning };
}
