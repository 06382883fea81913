import type { InspectionJourney } from '@soleswap/contracts/inspection';
import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import { allowedInspectionActions, tradeStandingOf, type InspectionActor } from './inspection.machine';
import type { InspectionRow } from './inspection.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A pair's journey as one caller sees it, with the actions the inspection machine allows them.
 * `other` is the trade's other pair; `tradeStatus` the trade's status now.
 */
export function toJourney(
  row: InspectionRow,
  { other, tradeStatus, roles }: { other: InspectionRow | undefined; tradeStatus: string; roles: InspectionActor[] },
): InspectionJourney {
  const snapshot = { status: row.status, trade: tradeStandingOf(tradeStatus), otherStatus: other?.status ?? 'awaiting_arrival' };
  return {
    id: row.id,
    tradeId: row.tradeId,
    side: row.side,
    ownerId: row.ownerId,
    recipientId: row.recipientId,
    status: row.status,
    verdict: row.verdict,
    notes: row.notes,
    photoUrls: row.photoUrls,
    receivedAt: iso(row.receivedAt),
    decidedAt: iso(row.decidedAt),
    memberDecidedAt: iso(row.memberDecidedAt),
    forwardedAt: iso(row.forwardedAt),
    forwardedTo: row.forwardedTo,
    forwardTracking: trackingOf(row.forwardCarrier, row.forwardTrackingNumber),
    deadlineAt: iso(row.deadlineAt),
    createdAt: row.createdAt.toISOString(),
    allowedActions: roles.length ? allowedInspectionActions(snapshot, roles) : [],
  };
}
