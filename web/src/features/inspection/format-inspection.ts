import type { InspectionAction, InspectionJourney, InspectionStatus, InspectionVerdictKind } from '@soleswap/contracts/inspection';

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

/** The steps a pair has taken so far, in order, with their dates (the trade page's journey). */
export function journeySteps(pair: InspectionJourney): JourneyStep[] {
  const steps: JourneyStep[] = [{ label: 'On its way to the centre', at: pair.createdAt }];
  if (pair.receivedAt) steps.push({ label: 'Arrived at the centre', at: pair.receivedAt });
  if (pair.decidedAt && pair.verdict) steps.push({ label: VERDICT_STEPS[pair.verdict], at: pair.decidedAt });
  if (pair.memberDecidedAt)
    steps.push({ label: pair.status === 'failed' ? 'Declined by its new owner' : 'Accepted despite the issue', at: pair.memberDecidedAt });
  if (pair.forwardedAt)
    steps.push({ label: pair.forwardedTo === 'owner' ? 'Sent back to its owner' : 'Sent on to its new owner', at: pair.forwardedAt });
  return steps;
}
