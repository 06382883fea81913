import type { InspectionJourney } from '@soleswap/contracts/inspection';
import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import { allowedInspectionActions, tradeStandingOf, type InspectionActor } from './inspection.machine';
import type { InspectionRow } from './inspection.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What a journey reads of its trade: its status now, and when each side shipped to the centre. */
export interface JourneyTrade {
  status: string;
  proposerShippedAt: Date | null;
  receiverShippedAt: Date | null;
}

/**
 * A pair's journey as one caller sees it, with the actions the inspection machine allows them.
 * `other` is the trade's other pair; `trade` the trade now (a missing trade reads as cancelled).
 */
export function toJourney(
  row: InspectionRow,
  { other, trade, roles }: { other: InspectionRow | undefined; trade: JourneyTrade | undefined; roles: InspectionActor[] },
): InspectionJourney {
  const tradeStatus = trade?.status ?? 'cancelled';
  const shippedAt = (row.side === 'proposer' ? trade?.proposerShippedAt : trade?.receiverShippedAt) ?? null;
  const snapshot = { status: row.status, trade: tradeStandingOf(tradeStatus), otherStatus: other?.status ?? 'awaiting_arrival' };
  return {
    id: row.id,
    tradeId: row.tradeId,
    side: row.side,
    ownerId: row.ownerId,
    recipientId: row.recipientId,
    status: row.status,
    shippedAt: iso(shippedAt),
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
